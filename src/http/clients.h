/*
 * clients.h - how many requests each client has waiting for or on a solver
 * worker. Two uses: one client gets at most a share of the places
 * (--client-jobs; past it, 429 at once while other clients keep theirs),
 * and the pool runs the waiting job of the least loaded client first (a
 * client flooding hard puzzles waits behind its own requests, not others
 * behind it). A client is known by the address in the access log's name
 * for it (the peer, or the X-Forwarded-For client of a trusted proxy in
 * "CLIENT via PROXY"), an IPv6 address by its /64: one host holds a whole
 * /64 (privacy addresses, SLAAC) and could rotate through it.
 * Thread-safe: one mutex, taken twice per request that goes to a worker,
 * never for those answered inline; counts are atomics the pool reads
 * without it.
 *
 * What it does NOT do: rate-limit requests over time, or count requests
 * answered on the HTTP thread (cheaper than a hand-off).
 */
#ifndef SUDOKU_HTTP_CLIENTS_H
#define SUDOKU_HTTP_CLIENTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define CLIENTS_NAME_MAX 104 /* bytes of a client name, NUL included */

struct clients;
struct client; /* one client's count; lives while it is not 0 */

/* Room for `places` requests at once in all (the queues and the workers:
 * no more can be counted). NULL when out of memory. */
struct clients *clients_new(size_t places);
void clients_free(struct clients *c);

/* Counts one more request of name into *who, unless it already has cap
 * (cap > 0: CLIENTS_CAPPED) or there is no room (CLIENTS_FULL); then
 * nothing is counted. Every CLIENTS_OK is given back to clients_leave()
 * exactly once. */
enum clients_status { CLIENTS_OK, CLIENTS_CAPPED, CLIENTS_FULL };

/* The key a client name is counted under: its address ("192.0.2.7 via
 * 127.0.0.1" -> "192.0.2.7"), an IPv6 one cut to its /64
 * ("2001:db8:1:2:3:4:5:6" -> "2001:db8:1:2::/64"). */
void clients_key(const char *name, char *key, size_t cap);
enum clients_status clients_enter(struct clients *c, const char *name,
                                  unsigned cap, struct client **who);
void clients_leave(struct clients *c, struct client *who);

/* The live count of who's requests, for the pool's choice. */
const atomic_uint *clients_load(const struct client *who);

#endif
