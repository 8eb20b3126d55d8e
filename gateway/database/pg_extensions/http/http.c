/*
 * pgsql-http's synchronous HTTP client: http(http_request) makes the request with libcurl in the backend and
 * returns an http_response; urlencode and the session's curl options beside it.
 *
 * Only http and https are allowed, redirects included, so a URL cannot make the server read its own files
 * (file://) or talk other protocols. A request waits for the answer, but a statement cancel or timeout stops it:
 * libcurl's progress callback checks for a pending interrupt, and the interrupt is served once libcurl returns.
 * Nothing may raise an error while libcurl is running (it would jump over libcurl's frames), so the callbacks only
 * record, and errors are raised after curl_easy_perform returns.
 */
#include "postgres.h"

#include <limits.h>

#include <curl/curl.h>

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/typcache.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_MODULE_MAGIC;

void _PG_init(void);

PG_FUNCTION_INFO_V1(http_request);
PG_FUNCTION_INFO_V1(http_set_curlopt);
PG_FUNCTION_INFO_V1(http_reset_curlopt);
PG_FUNCTION_INFO_V1(http_list_curlopt);
PG_FUNCTION_INFO_V1(urlencode);
PG_FUNCTION_INFO_V1(urlencode_jsonb);
PG_FUNCTION_INFO_V1(text_to_bytea);
PG_FUNCTION_INFO_V1(bytea_to_text);

/* The columns of http_request and http_response. */
enum { REQ_METHOD, REQ_URI, REQ_HEADERS, REQ_CONTENT_TYPE, REQ_CONTENT, REQ_COLUMNS };
enum { RESP_STATUS, RESP_CONTENT_TYPE, RESP_HEADERS, RESP_CONTENT, RESP_COLUMNS };

typedef struct CurlOption
{
	const char *name;
	CURLoption option;
	bool		is_long;
	char	   *value;			/* the session's setting, in TopMemoryContext; NULL when unset */
} CurlOption;

static CurlOption curl_options[] = {
	{"CURLOPT_CAINFO", CURLOPT_CAINFO, false, NULL},
	{"CURLOPT_TIMEOUT", CURLOPT_TIMEOUT, true, NULL},
	{"CURLOPT_TIMEOUT_MS", CURLOPT_TIMEOUT_MS, true, NULL},
	{"CURLOPT_CONNECTTIMEOUT", CURLOPT_CONNECTTIMEOUT, true, NULL},
	{"CURLOPT_CONNECTTIMEOUT_MS", CURLOPT_CONNECTTIMEOUT_MS, true, NULL},
	{"CURLOPT_USERAGENT", CURLOPT_USERAGENT, false, NULL},
	{"CURLOPT_USERPWD", CURLOPT_USERPWD, false, NULL},
	{"CURLOPT_IPRESOLVE", CURLOPT_IPRESOLVE, true, NULL},
	{"CURLOPT_SSLCERTTYPE", CURLOPT_SSLCERTTYPE, false, NULL},
	{"CURLOPT_PROXY", CURLOPT_PROXY, false, NULL},
	{"CURLOPT_PROXYPORT", CURLOPT_PROXYPORT, true, NULL},
	{"CURLOPT_PROXYUSERPWD", CURLOPT_PROXYUSERPWD, false, NULL},
	{"CURLOPT_PROXYUSERNAME", CURLOPT_PROXYUSERNAME, false, NULL},
	{"CURLOPT_PROXYPASSWORD", CURLOPT_PROXYPASSWORD, false, NULL},
	{"CURLOPT_TLSAUTH_USERNAME", CURLOPT_TLSAUTH_USERNAME, false, NULL},
	{"CURLOPT_TLSAUTH_PASSWORD", CURLOPT_TLSAUTH_PASSWORD, false, NULL},
	{"CURLOPT_TLSAUTH_TYPE", CURLOPT_TLSAUTH_TYPE, false, NULL},
	{"CURLOPT_DNS_SERVERS", CURLOPT_DNS_SERVERS, false, NULL},
	{"CURLOPT_TCP_KEEPALIVE", CURLOPT_TCP_KEEPALIVE, true, NULL},
	{"CURLOPT_TCP_KEEPIDLE", CURLOPT_TCP_KEEPIDLE, true, NULL},
	{"CURLOPT_SSL_VERIFYHOST", CURLOPT_SSL_VERIFYHOST, true, NULL},
	{"CURLOPT_SSL_VERIFYPEER", CURLOPT_SSL_VERIFYPEER, true, NULL},
	{"CURLOPT_SSLCERT", CURLOPT_SSLCERT, false, NULL},
	{"CURLOPT_SSLKEY", CURLOPT_SSLKEY, false, NULL},
	{"CURLOPT_PRE_PROXY", CURLOPT_PRE_PROXY, false, NULL},
	{"CURLOPT_PROXY_CAINFO", CURLOPT_PROXY_CAINFO, false, NULL},
	{"CURLOPT_PROXY_TLSAUTH_USERNAME", CURLOPT_PROXY_TLSAUTH_USERNAME, false, NULL},
	{"CURLOPT_PROXY_TLSAUTH_PASSWORD", CURLOPT_PROXY_TLSAUTH_PASSWORD, false, NULL},
	{"CURLOPT_PROXY_TLSAUTH_TYPE", CURLOPT_PROXY_TLSAUTH_TYPE, false, NULL},
};

#define N_CURL_OPTIONS (sizeof(curl_options) / sizeof(curl_options[0]))

static bool keepalive = false;
static int	timeout_msec = 0;

/* Kept between requests only with http.keepalive, so its open connections are reused. */
static CURL *kept_handle = NULL;

/* What libcurl's callbacks collect: the body, or the header lines of every response (redirects included). */
typedef struct Received
{
	StringInfoData data;
	bool		too_large;
} Received;

void
_PG_init(void)
{
	if (curl_global_init(CURL_GLOBAL_ALL) != CURLE_OK)
		ereport(ERROR, (errmsg("libcurl could not be initialised")));
	DefineCustomBoolVariable("http.keepalive", "Keep connections open between requests.", NULL,
							 &keepalive, false, PGC_USERSET, GUC_NOT_IN_SAMPLE, NULL, NULL, NULL);
	DefineCustomIntVariable("http.timeout_msec", "The time a request may take, in milliseconds (0: the default).",
							NULL, &timeout_msec, 0, 0, INT_MAX, PGC_USERSET, GUC_NOT_IN_SAMPLE | GUC_UNIT_MS,
							NULL, NULL, NULL);
	MarkGUCPrefixReserved("http");
}

static size_t
receive(char *ptr, size_t size, size_t nmemb, void *userdata)
{
	Received   *received = (Received *) userdata;
	size_t		len = size * nmemb;

	/* Returning less than given makes libcurl stop with a write error; an allocation error cannot be raised here. */
	if ((Size) received->data.len + len >= MaxAllocSize)
	{
		received->too_large = true;
		return 0;
	}
	appendBinaryStringInfo(&received->data, ptr, len);
	return len;
}

static int
check_interrupts(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
	/* Only a cancel or a termination stops the request: other interrupts are served after it. */
	return QueryCancelPending || ProcDiePending ? 1 : 0;
}

static bool
is_method(const char *method, const char *name)
{
	return pg_strcasecmp(method, name) == 0;
}

/* The method as sent: the known ones in capitals, any other as given. */
static const char *
verb(const char *method)
{
	static const char *const known[] = {"GET", "POST", "PUT", "PATCH", "DELETE"};

	for (size_t i = 0; i < lengthof(known); i++)
		if (is_method(method, known[i]))
			return known[i];
	return method;
}

static char *
column_text(Datum *values, bool *nulls, int column)
{
	return nulls[column] ? NULL : TextDatumGetCString(values[column]);
}

/* The request's headers as libcurl's list; Content-Type comes from the request's content_type column instead. */
static struct curl_slist *
append_request_headers(struct curl_slist *list, ArrayType *headers)
{
	Oid			element_type = ARR_ELEMTYPE(headers);
	int16		typlen;
	bool		typbyval;
	char		typalign;
	Datum	   *elements;
	bool	   *element_nulls;
	int			count;

	get_typlenbyvalalign(element_type, &typlen, &typbyval, &typalign);
	deconstruct_array(headers, element_type, typlen, typbyval, typalign, &elements, &element_nulls, &count);
	for (int i = 0; i < count; i++)
	{
		HeapTupleHeader header;
		bool		field_null;
		bool		value_null;
		Datum		field;
		Datum		value;
		char	   *line;

		if (element_nulls[i])
			continue;
		header = DatumGetHeapTupleHeader(elements[i]);
		field = GetAttributeByNum(header, 1, &field_null);
		value = GetAttributeByNum(header, 2, &value_null);
		if (field_null)
			continue;
		if (pg_strcasecmp(TextDatumGetCString(field), "Content-Type") == 0)
		{
			ereport(NOTICE, (errmsg("'Content-Type' is not supported as an optional header")));
			continue;
		}
		line = psprintf("%s: %s", TextDatumGetCString(field), value_null ? "" : TextDatumGetCString(value));
		list = curl_slist_append(list, line);
	}
	return list;
}

static void
set_curl_option(CURL *handle, CurlOption *option)
{
	if (option->is_long)
		curl_easy_setopt(handle, option->option, strtol(option->value, NULL, 10));
	else
		curl_easy_setopt(handle, option->option, option->value);
}

/* A handle with the defaults, the session's options, and http.timeout_msec over them. */
static CURL *
prepared_handle(void)
{
	CURL	   *handle = kept_handle;

	kept_handle = NULL;
	if (handle)
		curl_easy_reset(handle);
	else if (!(handle = curl_easy_init()))
		ereport(ERROR, (errmsg("Unable to initialize CURL")));
	curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, 1L);
	curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, 5000L);
	curl_easy_setopt(handle, CURLOPT_USERAGENT, PG_VERSION_STR);
	for (size_t i = 0; i < N_CURL_OPTIONS; i++)
		if (curl_options[i].value)
			set_curl_option(handle, &curl_options[i]);
	if (timeout_msec > 0)
		curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, (long) timeout_msec);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long) (CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long) (CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, check_interrupts);
	curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, receive);
	curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, receive);
	return handle;
}

/* Each "Field: value" line, as http_header rows; status lines and blank ones are not headers. */
static Datum
response_headers(char *lines, Oid header_type)
{
	TupleDesc	desc = lookup_rowtype_tupdesc(header_type, -1);
	int16		typlen;
	bool		typbyval;
	char		typalign;
	int			count = 0;
	int			allocated = 16;
	Datum	   *rows = palloc(sizeof(Datum) * allocated);
	char	   *saved;
	ArrayType  *array;

	for (char *line = strtok_r(lines, "\r\n", &saved); line; line = strtok_r(NULL, "\r\n", &saved))
	{
		char	   *colon = strchr(line, ':');
		char	   *value;
		Datum		values[2];
		bool		nulls[2] = {false, false};

		if (!colon || colon == line || strcspn(line, " \t\v\f") < (size_t) (colon - line))
			continue;
		for (value = colon + 1; *value == ' ' || *value == '\t'; value++)
			;
		if (*value == '\0')
			continue;
		*colon = '\0';
		values[0] = CStringGetTextDatum(line);
		values[1] = CStringGetTextDatum(value);
		if (count == allocated)
			rows = repalloc(rows, sizeof(Datum) * (allocated *= 2));
		rows[count++] = HeapTupleGetDatum(heap_form_tuple(desc, values, nulls));
	}
	ReleaseTupleDesc(desc);
	get_typlenbyvalalign(header_type, &typlen, &typbyval, &typalign);
	array = construct_array(rows, count, header_type, typlen, typbyval, typalign);
	return PointerGetDatum(array);
}

/* The encoding a Content-Type's charset parameter names, or -1 when it names none PostgreSQL knows. */
static int
charset_of(const char *content_type)
{
	const char *param = content_type;

	while ((param = strchr(param, ';')))
	{
		char	   *charset;
		size_t		len;

		param++;
		while (*param == ' ' || *param == '\t')
			param++;
		if (pg_strncasecmp(param, "charset=", 8) != 0)
			continue;
		charset = pstrdup(param + 8);
		len = strcspn(charset, "; \t");
		charset[len] = '\0';
		if (charset[0] == '"' && len > 1 && charset[len - 1] == '"')
		{
			charset[len - 1] = '\0';
			charset++;
		}
		return pg_char_to_encoding(charset);
	}
	return -1;
}

/* The body as text: converted from the charset the response names; as received when it names none, which
 * text_to_bytea turns back into the bytes. */
static Datum
response_content(Received *body, const char *content_type)
{
	int			encoding = content_type ? charset_of(content_type) : -1;

	if (encoding >= 0)
		return CStringGetTextDatum(pg_any_to_server(body->data.data, body->data.len, encoding));
	return PointerGetDatum(cstring_to_text_with_len(body->data.data, body->data.len));
}

Datum
http_request(PG_FUNCTION_ARGS)
{
	HeapTupleHeader request;
	HeapTupleData request_tuple;
	TupleDesc	request_desc;
	Datum		values[REQ_COLUMNS];
	bool		nulls[REQ_COLUMNS];
	TupleDesc	response_desc;
	Datum		result[RESP_COLUMNS];
	bool		result_nulls[RESP_COLUMNS] = {false, false, false, false};
	char	   *uri;
	char	   *method;
	char	   *content_type = NULL;
	text	   *content = NULL;
	struct curl_slist *headers = NULL;
	Received	body = {0};
	Received	header_lines = {0};
	char		error[CURL_ERROR_SIZE] = "";
	CURL	   *handle;
	CURLcode	code;
	long		status = 0;
	char	   *response_type = NULL;

	if (PG_ARGISNULL(0))
		ereport(ERROR, (errmsg("An http_request must be provided")));
	if (get_call_result_type(fcinfo, NULL, &response_desc) != TYPEFUNC_COMPOSITE)
		ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
						errmsg("http called with incompatible return type")));
	request = PG_GETARG_HEAPTUPLEHEADER(0);
	request_desc = lookup_rowtype_tupdesc(HeapTupleHeaderGetTypeId(request), HeapTupleHeaderGetTypMod(request));
	if (request_desc->natts != REQ_COLUMNS)
		ereport(ERROR, (errmsg("an http_request has %d columns, not %d", REQ_COLUMNS, request_desc->natts)));
	request_tuple.t_len = HeapTupleHeaderGetDatumLength(request);
	request_tuple.t_data = request;
	heap_deform_tuple(&request_tuple, request_desc, values, nulls);
	ReleaseTupleDesc(request_desc);

	if (!(uri = column_text(values, nulls, REQ_URI)))
		ereport(ERROR, (errmsg("http_request.uri is NULL")));
	if (!(method = column_text(values, nulls, REQ_METHOD)))
		ereport(ERROR, (errmsg("http_request.method is NULL")));
	if (!nulls[REQ_CONTENT])
	{
		if (!(content_type = column_text(values, nulls, REQ_CONTENT_TYPE)))
			ereport(ERROR, (errmsg("http_request.content_type is NULL")));
		content = DatumGetTextPP(values[REQ_CONTENT]);
	}
	else if (is_method(method, "POST") || is_method(method, "PUT"))
		ereport(ERROR, (errmsg("http_request.content is NULL")));

	headers = curl_slist_append(headers, keepalive ? "Connection: Keep-Alive" : "Connection: close");
	if (!nulls[REQ_HEADERS])
		headers = append_request_headers(headers, DatumGetArrayTypeP(values[REQ_HEADERS]));
	if (content_type)
		headers = curl_slist_append(headers, psprintf("Content-Type: %s", content_type));
	initStringInfo(&body.data);
	initStringInfo(&header_lines.data);

	/* From here to curl_easy_perform's return nothing raises an error, so the handle and list are not lost. */
	handle = prepared_handle();
	curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
	curl_easy_setopt(handle, CURLOPT_URL, uri);
	curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
	curl_easy_setopt(handle, CURLOPT_WRITEDATA, &body);
	curl_easy_setopt(handle, CURLOPT_HEADERDATA, &header_lines);
	if (is_method(method, "HEAD"))
		curl_easy_setopt(handle, CURLOPT_NOBODY, 1L);
	else
	{
		curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
		curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
		if (content)
		{
			curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, (long) VARSIZE_ANY_EXHDR(content));
			curl_easy_setopt(handle, CURLOPT_POSTFIELDS, VARDATA_ANY(content));
		}
		if (!is_method(method, "GET") || content)
			curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, verb(method));
	}
	code = curl_easy_perform(handle);
	curl_slist_free_all(headers);
	if (code == CURLE_OK)
	{
		curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
		if (curl_easy_getinfo(handle, CURLINFO_CONTENT_TYPE, &response_type) != CURLE_OK || !response_type)
			response_type = NULL;
		else
			response_type = pstrdup(response_type);
	}
	if (keepalive && code == CURLE_OK)
		kept_handle = handle;
	else
		curl_easy_cleanup(handle);

	if (code != CURLE_OK)
	{
		CHECK_FOR_INTERRUPTS();
		if (code == CURLE_ABORTED_BY_CALLBACK)
			ereport(ERROR, (errcode(ERRCODE_QUERY_CANCELED), errmsg("HTTP request cancelled")));
		if (body.too_large || header_lines.too_large)
			ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED), errmsg("the response is too large")));
		ereport(ERROR, (errmsg("%s", error[0] ? error : curl_easy_strerror(code))));
	}

	result[RESP_STATUS] = Int32GetDatum((int32) status);
	result_nulls[RESP_CONTENT_TYPE] = response_type == NULL;
	result[RESP_CONTENT_TYPE] = response_type ? CStringGetTextDatum(response_type) : (Datum) 0;
	result_nulls[RESP_HEADERS] = header_lines.data.len == 0;
	result[RESP_HEADERS] = header_lines.data.len == 0 ? (Datum) 0 :
		response_headers(header_lines.data.data,
						 get_element_type(TupleDescAttr(response_desc, RESP_HEADERS)->atttypid));
	result_nulls[RESP_CONTENT] = body.data.len == 0;
	result[RESP_CONTENT] = body.data.len == 0 ? (Datum) 0 : response_content(&body, response_type);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(response_desc), result, result_nulls)));
}

Datum
http_set_curlopt(PG_FUNCTION_ARGS)
{
	char	   *name;
	char	   *value;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_BOOL(false);
	name = text_to_cstring(PG_GETARG_TEXT_PP(0));
	value = text_to_cstring(PG_GETARG_TEXT_PP(1));
	for (size_t i = 0; i < N_CURL_OPTIONS; i++)
	{
		CurlOption *option = &curl_options[i];
		char	   *end;

		if (pg_strcasecmp(option->name, name) != 0)
			continue;
		if (option->is_long)
		{
			errno = 0;
			(void) strtol(value, &end, 10);
			if (errno || end == value || *end != '\0')
				ereport(ERROR, (errmsg("invalid integer provided for '%s'", option->name)));
		}
		if (option->value)
			pfree(option->value);
		option->value = MemoryContextStrdup(TopMemoryContext, value);
		PG_RETURN_BOOL(true);
	}
	ereport(ERROR, (errmsg("curl option '%s' is not available for run-time configuration", name)));
	PG_RETURN_BOOL(false);
}

Datum
http_reset_curlopt(PG_FUNCTION_ARGS)
{
	for (size_t i = 0; i < N_CURL_OPTIONS; i++)
	{
		if (curl_options[i].value)
			pfree(curl_options[i].value);
		curl_options[i].value = NULL;
	}
	PG_RETURN_BOOL(true);
}

Datum
http_list_curlopt(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;

	InitMaterializedSRF(fcinfo, 0);
	for (size_t i = 0; i < N_CURL_OPTIONS; i++)
	{
		Datum		values[2];
		bool		nulls[2] = {false, false};

		if (!curl_options[i].value)
			continue;
		values[0] = CStringGetTextDatum(curl_options[i].name);
		values[1] = CStringGetTextDatum(curl_options[i].value);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* Form encoding: letters, digits and -._~ as they are, a space as '+', every other byte as %XX. It stops at a
 * zero byte. */
static void
append_urlencoded(StringInfo out, const char *data, size_t len)
{
	for (size_t i = 0; i < len && data[i] != '\0'; i++)
	{
		unsigned char c = (unsigned char) data[i];

		if (c == ' ')
			appendStringInfoChar(out, '+');
		else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
				 c == '-' || c == '.' || c == '_' || c == '~')
			appendStringInfoChar(out, (char) c);
		else
			appendStringInfo(out, "%%%02X", c);
	}
}

Datum
urlencode(PG_FUNCTION_ARGS)
{
	bytea	   *data = PG_GETARG_BYTEA_PP(0);
	StringInfoData out;

	initStringInfo(&out);
	append_urlencoded(&out, VARDATA_ANY(data), VARSIZE_ANY_EXHDR(data));
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}

/* The top-level object's keys and scalar values as key=value pairs joined by '&'; a null is an empty value,
 * arrays and objects are left out. NULL when nothing is left. */
Datum
urlencode_jsonb(PG_FUNCTION_ARGS)
{
	Jsonb	   *data = PG_GETARG_JSONB_P(0);
	JsonbIterator *it;
	JsonbValue	item;
	JsonbIteratorToken token;
	StringInfoData out;
	char	   *key = NULL;
	size_t		key_len = 0;

	if (!JB_ROOT_IS_OBJECT(data))
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("cannot call urlencode_jsonb on a non-object")));
	initStringInfo(&out);
	it = JsonbIteratorInit(&data->root);
	while ((token = JsonbIteratorNext(&it, &item, true)) != WJB_DONE)
	{
		const char *value;
		size_t		value_len;

		if (token == WJB_KEY)
		{
			key = item.val.string.val;
			key_len = item.val.string.len;
			continue;
		}
		if (token != WJB_VALUE || key_len == 0)
			continue;
		switch (item.type)
		{
			case jbvString:
				value = item.val.string.val;
				value_len = item.val.string.len;
				break;
			case jbvNumeric:
				value = numeric_normalize(item.val.numeric);
				value_len = strlen(value);
				break;
			case jbvBool:
				value = item.val.boolean ? "true" : "false";
				value_len = strlen(value);
				break;
			case jbvNull:
				value = "";
				value_len = 0;
				break;
			default:
				continue;
		}
		if (out.len)
			appendStringInfoChar(&out, '&');
		append_urlencoded(&out, key, key_len);
		appendStringInfoChar(&out, '=');
		append_urlencoded(&out, value, value_len);
	}
	if (out.len == 0)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}

/* The same bytes under the other type: a response body that is not text, read back as bytes. */
Datum
text_to_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(PG_GETARG_TEXT_P_COPY(0));
}

Datum
bytea_to_text(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(PG_GETARG_BYTEA_P_COPY(0));
}
