/*
 * daily.c - GET /daily?level=&date=&format=: the puzzle of a day, the same
 * for everyone on that UTC day and different every day: /generate's
 * answer (the same members, so it can be posted back to /hint or /solve,
 * plus "date"), its seed derived from the date and the level. ?date=
 * (YYYY-MM-DD) gives another day's, never a day that has not begun in UTC
 * (404). The default level is medium; format json (default), svg or pdf.
 *
 * Cacheable: today's answer until the next UTC midnight (Cache-Control
 * max-age counts down to it), a past day's for ever; the ETag hashes the
 * seed, level and format, and If-None-Match is answered 304 before any
 * puzzle is made (job.c). The clock is CLOCK_REALTIME, read once a
 * request.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "api_internal.h"

#define DAY_SECONDS 86400
/* Mixed into every daily seed so that a day's seed is no small number a
 * /generate?seed= user would hit by chance. */
#define DAILY_SALT 0x6461696c79ull /* "daily" */

struct daily_job {
  struct api_generate_job gen; /* first: /generate's cost and run take it */
  long long days;              /* the day: days since 1970-01-01 (UTC) */
  long long now;               /* seconds since the epoch at the request */
};

/* Days since 1970-01-01 of a date of the proleptic Gregorian calendar
 * (H. Hinnant's days_from_civil, as published). */
static long long days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  long long era = (y >= 0 ? y : y - 399) / 400;
  unsigned yoe = (unsigned)(y - era * 400);
  unsigned doy = (unsigned)((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1);
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + (long long)doe - 719468;
}

/* The date of a day since 1970-01-01 as "YYYY-MM-DD" (days >= 0). */
static void civil_from_days(long long z, char *out, size_t cap) {
  z += 719468;
  long long era = z / 146097;
  unsigned doe = (unsigned)(z - era * 146097);
  unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long long y = (long long)yoe + era * 400;
  unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  unsigned mp = (5 * doy + 2) / 153;
  unsigned d = doy - (153 * mp + 2) / 5 + 1;
  unsigned m = mp < 10 ? mp + 3 : mp - 9;
  snprintf(out, cap, "%04lld-%02u-%02u", y + (m <= 2), m, d);
}

/* "YYYY-MM-DD", a real day from 1970-01-01 on, into days since then. */
static bool parse_date(const char *s, size_t len, long long *days) {
  static const int month_days[] = {31, 29, 31, 30, 31, 30,
                                   31, 31, 30, 31, 30, 31};
  if (len != 10 || s[4] != '-' || s[7] != '-')
    return false;
  int v[3] = {0, 0, 0}, field = 0;
  for (size_t i = 0; i < len; i++) {
    if (i == 4 || i == 7) {
      field++;
      continue;
    }
    if (s[i] < '0' || s[i] > '9')
      return false;
    v[field] = v[field] * 10 + (s[i] - '0');
  }
  int y = v[0], m = v[1], d = v[2];
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (y < 1970 || m < 1 || m > 12 || d < 1 || d > month_days[m - 1] ||
      (m == 2 && d == 29 && !leap))
    return false;
  *days = days_from_civil(y, m, d);
  return true;
}

static bool daily_read(struct api_job *job, const struct api_input *in,
                       struct api_error *e) {
  struct daily_job *j = (struct daily_job *)job;
  struct api_generate_job *g = &j->gen;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  j->now = (long long)ts.tv_sec;
  j->days = j->now / DAY_SECONDS;
  if (!api_generate_init(g, in, e))
    return false;
  g->opt.level = SUDOKU_LEVEL_MEDIUM;
  for (size_t i = 0; i < in->nquery; i++) {
    const struct api_param *p = &in->query[i];
#define IS(s)                                                                  \
  (p->name_len == sizeof s - 1 && memcmp(p->name, s, p->name_len) == 0)
    if (IS("level")) {
      if (!api_generate_level(p, &g->opt.level, e))
        return false;
    } else if (IS("date")) {
      long long days;
      char shown[40];
      api_safe_copy(shown, sizeof shown, p->value,
                    p->value_len < 24 ? p->value_len : 24);
      if (!parse_date(p->value, p->value_len, &days))
        return api_fail(e, API_INVALID_REQUEST, "date",
                        "date=%s: expected a day as YYYY-MM-DD, from "
                        "1970-01-01",
                        shown);
      if (days > j->days)
        return api_fail(e, API_NOT_FOUND, "date",
                        "date=%s: that day has not begun in UTC; its puzzle "
                        "comes at its midnight",
                        shown);
      j->days = days;
    } /* format is the pipeline's; no other name gets here (api_parse) */
#undef IS
  }
  civil_from_days(j->days, g->date, sizeof g->date);
  g->opt.seed = sudoku_mix64((uint64_t)j->days ^ DAILY_SALT ^
                             (uint64_t)g->opt.level << 40);
  g->seeded = true;
  return true;
}

static bool daily_cache(const struct api_job *job, struct api_response *out) {
  const struct daily_job *j = (const struct daily_job *)job;
  if (j->days < j->now / DAY_SECONDS)
    snprintf(out->cache_control, sizeof out->cache_control,
             "public, max-age=31536000, immutable");
  else
    snprintf(out->cache_control, sizeof out->cache_control,
             "public, max-age=%lld",
             DAY_SECONDS - j->now % DAY_SECONDS); /* to the next midnight */
  snprintf(out->etag, sizeof out->etag, "\"d%016llx\"",
           (unsigned long long)api_generate_key(&j->gen));
  return true;
}

const struct api_job_ops api_daily_ops = {
    sizeof(struct daily_job), daily_read, api_generate_cost,
    api_generate_run,         NULL,       daily_cache};
