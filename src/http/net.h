/*
 * net.h - addresses and lists from the options (net.c): the one reader of
 * IP literals, comma lists, and address ranges. No server state: http.c,
 * access_log.c, config.c and main.c call it.
 */
#ifndef SUDOKUD_HTTP_NET_H
#define SUDOKUD_HTTP_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* The one reader of IP literals ("127.0.0.1", "::1"): fills *out (and *len)
 * with the address and port. any_to_loopback: the unspecified address
 * (0.0.0.0, ::) becomes the loopback one of its family, to reach a server
 * bound to every address. False when s is neither an IPv4 nor an IPv6
 * literal. */
bool http_sockaddr(const char *s, uint16_t port, bool any_to_loopback,
                   struct sockaddr_storage *out, socklen_t *len);

/* Parses an IPv4 or IPv6 literal into its canonical text (out of
 * INET6_ADDRSTRLEN bytes). False when it is neither. */
bool http_addr_canonical(const char *s, char *out, size_t cap);

/* Splits a comma-separated list into malloc'd strings (spaces around
 * names dropped); a "*" entry sets *any instead. False when out of
 * memory (what was made is in *items, *count, for the caller to free). */
bool http_list_parse(const char *list, char ***items, size_t *count, bool *any);

/* An address (bits = its length) or a CIDR range. */
struct http_net {
  int family; /* AF_INET or AF_INET6 */
  unsigned bits;
  unsigned char addr[16];
};

/* Addresses or ranges from a comma-separated list of IP literals or CIDR
 * ranges ("127.0.0.1, 10.0.0.0/8, fd00::/8") into a malloc'd *nets of
 * *count (the caller frees it, also after a failure); false with a
 * sentence in err for an entry that is neither, or '*'. */
bool http_nets_parse(const char *list, struct http_net **nets, size_t *count,
                     char *err, size_t errlen);

/* Whether the address addr (an IP literal) lies in one of the ranges. */
bool http_nets_contain(const struct http_net *nets, size_t count,
                       const char *addr);

#endif
