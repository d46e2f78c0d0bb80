/*
 * net.c - what the options say about the network, parsed: IP literals
 * into socket addresses and canonical text, comma lists into strings, and
 * addresses or CIDR ranges (the trusted proxies) with the test whether an
 * address lies in one. Knows no server, request or libmicrohttpd.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net.h"

bool http_sockaddr(const char *s, uint16_t port, bool any_to_loopback,
                   struct sockaddr_storage *out, socklen_t *len) {
  struct sockaddr_in *in4 = (struct sockaddr_in *)out;
  struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)out;
  memset(out, 0, sizeof *out);
  if (s != NULL && inet_pton(AF_INET, s, &in4->sin_addr) == 1) {
    in4->sin_family = AF_INET;
    in4->sin_port = htons(port);
    if (any_to_loopback && in4->sin_addr.s_addr == htonl(INADDR_ANY))
      in4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    *len = sizeof *in4;
    return true;
  }
  if (s != NULL && inet_pton(AF_INET6, s, &in6->sin6_addr) == 1) {
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(port);
    if (any_to_loopback && IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr))
      in6->sin6_addr = in6addr_loopback;
    *len = sizeof *in6;
    return true;
  }
  return false;
}

bool http_addr_canonical(const char *s, char *out, size_t cap) {
  struct sockaddr_storage ss;
  socklen_t len;
  if (!http_sockaddr(s, 0, false, &ss, &len))
    return false;
  const void *bin =
      ss.ss_family == AF_INET
          ? (const void *)&((const struct sockaddr_in *)&ss)->sin_addr
          : (const void *)&((const struct sockaddr_in6 *)&ss)->sin6_addr;
  return inet_ntop(ss.ss_family, bin, out, (socklen_t)cap) != NULL;
}

bool http_list_parse(const char *list, char ***items, size_t *count,
                     bool *any) {
  size_t n = 1;
  for (const char *p = list; *p != '\0'; p++)
    n += *p == ',';
  *items = calloc(n, sizeof **items);
  if (*items == NULL)
    return false;
  for (const char *p = list;;) {
    const char *comma = strchr(p, ',');
    const char *e = comma != NULL ? comma : p + strlen(p);
    while (p < e && *p == ' ')
      p++;
    while (e > p && e[-1] == ' ')
      e--;
    if (e - p == 1 && *p == '*')
      *any = true;
    else if (e > p) {
      char *s = malloc((size_t)(e - p) + 1);
      if (s == NULL)
        return false;
      memcpy(s, p, (size_t)(e - p));
      s[e - p] = '\0';
      (*items)[(*count)++] = s;
    }
    if (comma == NULL)
      break;
    p = comma + 1;
  }
  return true;
}

/* An address in binary: family and bytes (4 or 16 used). */
static bool addr_bytes(const char *text, struct http_net *out) {
  out->family = strchr(text, ':') != NULL ? AF_INET6 : AF_INET;
  out->bits = out->family == AF_INET ? 32 : 128;
  return inet_pton(out->family, text, out->addr) == 1;
}

static bool net_contains(const struct http_net *net, const struct http_net *a) {
  if (net->family != a->family)
    return false;
  unsigned whole = net->bits / 8, rest = net->bits % 8;
  if (memcmp(net->addr, a->addr, whole) != 0)
    return false;
  unsigned char mask = (unsigned char)(0xffu << (8 - rest));
  return rest == 0 || ((net->addr[whole] ^ a->addr[whole]) & mask) == 0;
}

bool http_nets_contain(const struct http_net *nets, size_t count,
                       const char *addr) {
  struct http_net a;
  if (!addr_bytes(addr, &a))
    return false;
  for (size_t i = 0; i < count; i++)
    if (net_contains(&nets[i], &a))
      return true;
  return false;
}

/* "192.0.2.7", "10.0.0.0/8", "2001:db8::/32": an address or a range. */
static bool net_parse(const char *text, struct http_net *net) {
  char addr[INET6_ADDRSTRLEN];
  const char *slash = strchr(text, '/');
  size_t len = slash != NULL ? (size_t)(slash - text) : strlen(text);
  if (len == 0 || len >= sizeof addr)
    return false;
  memcpy(addr, text, len);
  addr[len] = '\0';
  if (!addr_bytes(addr, net))
    return false;
  if (slash == NULL)
    return true;
  const char *d = slash + 1;
  unsigned bits = 0;
  if (*d == '\0' || strlen(d) > 3)
    return false;
  for (; *d != '\0'; d++) {
    if (*d < '0' || *d > '9')
      return false;
    bits = bits * 10 + (unsigned)(*d - '0');
  }
  if (bits > net->bits)
    return false;
  net->bits = bits;
  return true;
}

bool http_nets_parse(const char *list, struct http_net **nets, size_t *count,
                     char *err, size_t errlen) {
  bool any = false;
  char **items = NULL;
  size_t n = 0;
  bool ok = http_list_parse(list, &items, &n, &any);
  if (!ok)
    snprintf(err, errlen, "out of memory");
  else if (any)
    snprintf(err, errlen, "trusted proxies must be addresses, not '*'");
  if (ok && !any && n > 0) {
    *nets = calloc(n, sizeof **nets);
    if (*nets == NULL) {
      snprintf(err, errlen, "out of memory");
      ok = false;
    }
  }
  for (size_t i = 0; ok && !any && i < n; i++) {
    ok = net_parse(items[i], &(*nets)[i]);
    if (!ok)
      snprintf(err, errlen,
               "trusted proxy '%.64s' is not an IPv4 or IPv6 address or "
               "CIDR range",
               items[i]);
    else
      (*count)++;
  }
  for (size_t i = 0; i < n; i++)
    free(items[i]);
  free(items);
  return ok && !any;
}
