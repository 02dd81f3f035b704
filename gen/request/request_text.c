/* Purchase requests, words: a request's string of the language and a
 * sum of money in its currency, which the request, its line items and
 * its page furniture all use (below all three).  See
 * request_internal.h. */
#include "request_internal.h"

#include "format.h"

const char *req_s(const Req *r, const char *key)
{
	return lang_need(r->s, key, NULL);
}

char *req_money(const Req *r, double v)
{
	return format_money(r->s, v);
}
