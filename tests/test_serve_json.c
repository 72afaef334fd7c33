/*
 * test_serve_json.c - the server's JSON builder (src/serve/json.c, compiled in here: the
 * server is not part of the library the other unit tests link): every answer must be valid
 * JSON whatever bytes a message quotes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/serve/json.c"

static char *built(void (*fill)(struct json *))
{
	struct json j;
	size_t len;
	json_init(&j);
	fill(&j);
	char *s = json_take(&j, &len);
	assert_non_null(s);
	assert_int_equal(strlen(s), len);
	return s;
}

static void fill_escapes(struct json *j) { json_str(j, "a\"b\\c\nd\te\x01"); }
static void fill_utf8(struct json *j) { json_str(j, "ライオン \xff\xc3( \xe2\x82\xac \xed\xa0\x80 \xf0\x9f\x90\xb1"); }
static void fill_long(struct json *j)
{
	json_printf(j, "%0600d", 7);   /* longer than the small buffer */
	json_raw(j, ",");
	json_str_or_null(j, NULL);
}

static void test_escapes(void **state)
{
	(void)state;
	char *s = built(fill_escapes);
	assert_string_equal(s, "\"a\\\"b\\\\c\\nd\\u0009e\\u0001\"");
	free(s);
}

/* Valid UTF-8 is kept; a byte that is not (a stray 0xff, a cut sequence, a surrogate) is
 * U+FFFD, so the text stays valid JSON. */
static void test_utf8(void **state)
{
	(void)state;
	char *s = built(fill_utf8);
	assert_string_equal(s, "\"ライオン \\ufffd\\ufffd( \xe2\x82\xac \\ufffd\\ufffd\\ufffd \xf0\x9f\x90\xb1\"");
	free(s);
}

static void test_long(void **state)
{
	(void)state;
	char *s = built(fill_long);
	assert_int_equal(strlen(s), 600 + 5);
	assert_int_equal(s[599], '7');
	assert_string_equal(s + 600, ",null");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_long),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
