/*
 * Hashids for PostgreSQL: pg_hashids' functions, giving the same ids as the hashids algorithm's reference
 * implementations (and so pg_hashids 1.3) for ASCII alphabets and salts.
 *
 * An encoder is set up from a salt, a minimum length and an alphabet: the alphabet's unique characters are split
 * into separators (the default separator letters it contains, topped up from the alphabet so there is about one
 * per 3.5 letters), guards (one per 12 letters) and the letters that write the numbers, each shuffled by the salt.
 * A number is written in the base of the letters, the letters being shuffled again before each number by a key
 * made of the id's first character (the "lottery"), the salt and the current letters. Numbers are unsigned 64-bit
 * values, as pg_hashids: a negative bigint is encoded as its two's complement.
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/array.h"
#include "utils/builtins.h"

PG_MODULE_MAGIC;

#define DEFAULT_ALPHABET "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"
#define DEFAULT_SEPARATORS "cfhistuCFHISTU"
#define MIN_ALPHABET_LENGTH 16
#define LETTERS_PER_SEPARATOR 3.5f
#define LETTERS_PER_GUARD 12

typedef struct Encoder
{
	char	   *letters;
	size_t		letters_len;
	char	   *separators;
	size_t		separators_len;
	char	   *guards;
	size_t		guards_len;
	const char *salt;
	size_t		salt_len;
	size_t		min_length;
} Encoder;

/* The deterministic shuffle of the algorithm: a Fisher-Yates walk whose swaps come from the key's bytes. */
static void
shuffle(char *chars, size_t len, const char *key, size_t key_len)
{
	size_t		i, j, v = 0, sum = 0;
	char		swap;

	if (key_len == 0 || len < 2)
		return;
	for (i = len - 1; i > 0; i--, v++)
	{
		v %= key_len;
		sum += key[v];
		j = (key[v] + v + sum) % i;
		swap = chars[i];
		chars[i] = chars[j];
		chars[j] = swap;
	}
}

/* The key that shuffles the letters before each number: lottery, salt and letters, as long as the letters. */
static void
reshuffle(Encoder *enc, char *letters, char lottery, char *key)
{
	size_t		n = 0;

	key[n++] = lottery;
	memcpy(key + n, enc->salt, Min(enc->salt_len, enc->letters_len - n));
	n += Min(enc->salt_len, enc->letters_len - n);
	memcpy(key + n, letters, enc->letters_len - n);
	shuffle(letters, enc->letters_len, key, enc->letters_len);
}

static Encoder *
make_encoder(const char *salt, int32 min_length, const char *alphabet)
{
	Encoder    *enc = palloc0(sizeof(Encoder));
	size_t		alphabet_len = strlen(alphabet);
	size_t		wanted, moved, i;
	const char *sep;
	char	   *letters = palloc0(alphabet_len + 1);
	size_t		letters_len = 0;

	if (min_length < 0)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("minimum length must not be negative")));
	for (i = 0; i < alphabet_len; i++)
		if (memchr(letters, alphabet[i], letters_len) == NULL)
			letters[letters_len++] = alphabet[i];
	if (letters_len < MIN_ALPHABET_LENGTH)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("alphabet is too short")));
	if (memchr(letters, ' ', letters_len) || memchr(letters, '\t', letters_len))
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("alphabet contains whitespace characters")));

	enc->salt = salt;
	enc->salt_len = strlen(salt);
	enc->min_length = (size_t) min_length;
	enc->separators = palloc0(letters_len + strlen(DEFAULT_SEPARATORS) + 1);

	/* The default separators the alphabet has leave the letters, in the separators' own order. */
	for (sep = DEFAULT_SEPARATORS; *sep; sep++)
	{
		char	   *found = memchr(letters, *sep, letters_len);

		if (found == NULL)
			continue;
		enc->separators[enc->separators_len++] = *sep;
		memmove(found, found + 1, letters_len - (found - letters) - 1);
		letters_len--;
	}
	shuffle(enc->separators, enc->separators_len, salt, enc->salt_len);

	if (enc->separators_len == 0 || (float) letters_len / (float) enc->separators_len > LETTERS_PER_SEPARATOR)
	{
		wanted = (size_t) ceil((float) letters_len / LETTERS_PER_SEPARATOR);
		if (wanted == 1)
			wanted = 2;
		if (wanted > enc->separators_len)
		{
			moved = wanted - enc->separators_len;
			memcpy(enc->separators + enc->separators_len, letters, moved);
			memmove(letters, letters + moved, letters_len - moved);
			letters_len -= moved;
		}
		enc->separators_len = wanted;
	}
	shuffle(letters, letters_len, salt, enc->salt_len);

	enc->guards_len = (letters_len + LETTERS_PER_GUARD - 1) / LETTERS_PER_GUARD;
	enc->guards = palloc0(enc->guards_len + 1);
	if (letters_len < 3)
	{
		memcpy(enc->guards, enc->separators, enc->guards_len);
		memmove(enc->separators, enc->separators + enc->guards_len, enc->separators_len - enc->guards_len);
		enc->separators_len -= enc->guards_len;
	}
	else
	{
		memcpy(enc->guards, letters, enc->guards_len);
		memmove(letters, letters + enc->guards_len, letters_len - enc->guards_len);
		letters_len -= enc->guards_len;
	}
	enc->letters = letters;
	enc->letters_len = letters_len;
	return enc;
}

static text *
encode(Encoder *enc, const uint64 *numbers, int count)
{
	/* At most 64 digits a number (base 2 at the least) and a separator, then guards and padding. */
	size_t		size = (size_t) count * 65 + 3 + enc->min_length + 2 * enc->letters_len;
	char	   *out = palloc(size);
	char	   *letters = palloc(enc->letters_len);
	char	   *key = palloc(enc->letters_len);
	size_t		len = 0, L = enc->letters_len;
	uint64		numbers_hash = 0;
	char		lottery;
	int			i;

	if (count == 0)
		return cstring_to_text("");
	memcpy(letters, enc->letters, L);
	for (i = 0; i < count; i++)
		numbers_hash += numbers[i] % (uint64) (i + 100);
	lottery = letters[numbers_hash % L];
	out[len++] = lottery;

	for (i = 0; i < count; i++)
	{
		uint64		number = numbers[i];
		size_t		start = len, a, b;

		reshuffle(enc, letters, lottery, key);
		do
		{
			out[len++] = letters[number % L];
			number /= L;
		} while (number > 0);
		for (a = start, b = len - 1; a < b; a++, b--)
		{
			char		swap = out[a];

			out[a] = out[b];
			out[b] = swap;
		}
		if (i + 1 < count)
		{
			/* The separator depends on the number and on the first character written for it. */
			uint64		picked = numbers[i] % (uint64) (out[start] + i);

			out[len++] = enc->separators[picked % enc->separators_len];
		}
	}

	if (len < enc->min_length)
	{
		memmove(out + 1, out, len);
		out[0] = enc->guards[(numbers_hash + out[1]) % enc->guards_len];
		len++;
		if (len < enc->min_length)
		{
			out[len] = enc->guards[(numbers_hash + out[2]) % enc->guards_len];
			len++;
		}
	}
	while (len < enc->min_length)
	{
		/* Pad from both ends of the letters, shuffled by themselves, keeping the id in the middle. */
		size_t		missing = enc->min_length - len;
		size_t		left = Min((missing + 1) / 2, (L + 1) / 2);
		size_t		right = Min(missing / 2, L / 2);

		memcpy(key, letters, L);
		shuffle(letters, L, key, L);
		if ((left + right) % 2 == 0 && L % 2 == 1)
		{
			left++;
			right--;
		}
		memmove(out + left, out, len);
		memcpy(out, letters + L - left, left);
		memcpy(out + left + len, letters, right);
		len += left + right;
	}
	return cstring_to_text_with_len(out, len);
}

static void
invalid_hash(void)
{
	ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid hash")));
}

/* The numbers of an id, as pg_hashids decodes: an id made with another salt gives other numbers, not an error. */
static uint64 *
decode(Encoder *enc, const char *hash, int *count)
{
	char	   *letters = palloc(enc->letters_len + 1);
	char	   *key = palloc(enc->letters_len);
	const char *p;
	uint64	   *numbers;
	uint64		number = 0;
	char		lottery;
	int			n = 0;

	/* With a minimum length the id may start with padding up to a guard. */
	if (enc->min_length > 0 && (p = strpbrk(hash, enc->guards)) != NULL)
		hash = p + 1;
	if (*hash == '\0' || memchr(enc->guards, *hash, enc->guards_len))
		invalid_hash();
	for (p = hash; *p && !memchr(enc->guards, *p, enc->guards_len); p++)
	{
		if (memchr(enc->separators, *p, enc->separators_len))
			n++;
		else if (!memchr(enc->letters, *p, enc->letters_len))
			invalid_hash();
	}
	numbers = palloc((n + 1) * sizeof(uint64));
	n = 0;

	memcpy(letters, enc->letters, enc->letters_len);
	letters[enc->letters_len] = '\0';
	lottery = *hash++;
	reshuffle(enc, letters, lottery, key);
	for (p = hash; *p && !memchr(enc->guards, *p, enc->guards_len); p++)
	{
		if (memchr(enc->separators, *p, enc->separators_len))
		{
			numbers[n++] = number;
			number = 0;
			reshuffle(enc, letters, lottery, key);
			continue;
		}
		number = number * enc->letters_len + (strchr(letters, *p) - letters);
	}
	numbers[n++] = number;
	*count = n;
	return numbers;
}

/* Salt, minimum length and alphabet from the arguments after the first, where given. */
static Encoder *
encoder_from_args(FunctionCallInfo fcinfo)
{
	const char *salt = PG_NARGS() > 1 ? text_to_cstring(PG_GETARG_TEXT_PP(1)) : "";
	int32		min_length = PG_NARGS() > 2 ? PG_GETARG_INT32(2) : 0;
	const char *alphabet = PG_NARGS() > 3 ? text_to_cstring(PG_GETARG_TEXT_PP(3)) : DEFAULT_ALPHABET;

	return make_encoder(salt, min_length, alphabet);
}

PG_FUNCTION_INFO_V1(id_encode);
Datum
id_encode(PG_FUNCTION_ARGS)
{
	uint64		number = (uint64) PG_GETARG_INT64(0);

	PG_RETURN_TEXT_P(encode(encoder_from_args(fcinfo), &number, 1));
}

PG_FUNCTION_INFO_V1(id_encode_array);
Datum
id_encode_array(PG_FUNCTION_ARGS)
{
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	Datum	   *elements;
	bool	   *nulls;
	int			count, i;
	uint64	   *numbers;

	deconstruct_array(array, INT8OID, 8, FLOAT8PASSBYVAL, TYPALIGN_DOUBLE, &elements, &nulls, &count);
	numbers = palloc((count + 1) * sizeof(uint64));
	for (i = 0; i < count; i++)
	{
		if (nulls[i])
			ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
							errmsg("null value not allowed for array element")));
		numbers[i] = (uint64) DatumGetInt64(elements[i]);
	}
	PG_RETURN_TEXT_P(encode(encoder_from_args(fcinfo), numbers, count));
}

PG_FUNCTION_INFO_V1(id_decode);
Datum
id_decode(PG_FUNCTION_ARGS)
{
	Encoder    *enc = encoder_from_args(fcinfo);
	int			count, i;
	uint64	   *numbers = decode(enc, text_to_cstring(PG_GETARG_TEXT_PP(0)), &count);
	Datum	   *elements = palloc(count * sizeof(Datum));

	for (i = 0; i < count; i++)
		elements[i] = Int64GetDatum((int64) numbers[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(elements, count, INT8OID, 8, FLOAT8PASSBYVAL, TYPALIGN_DOUBLE));
}

PG_FUNCTION_INFO_V1(id_decode_once);
Datum
id_decode_once(PG_FUNCTION_ARGS)
{
	Encoder    *enc = encoder_from_args(fcinfo);
	int			count;

	PG_RETURN_INT64((int64) decode(enc, text_to_cstring(PG_GETARG_TEXT_PP(0)), &count)[0]);
}

/* pg_hashids 1.0's hash_decode, which returns an integer. */
PG_FUNCTION_INFO_V1(hash_decode);
Datum
hash_decode(PG_FUNCTION_ARGS)
{
	Encoder    *enc = encoder_from_args(fcinfo);
	int			count;
	int64		number = (int64) decode(enc, text_to_cstring(PG_GETARG_TEXT_PP(0)), &count)[0];

	if (number < PG_INT32_MIN || number > PG_INT32_MAX)
		ereport(ERROR, (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("integer out of range")));
	PG_RETURN_INT32((int32) number);
}
