/*
 * clients.c - see clients.h. A fixed array of (name, count) with a linear
 * scan: it holds only clients with a request at a worker (at most the
 * queues plus the workers, a few hundred), and is touched only by requests
 * about to wait for a solve of a millisecond or more, so a scan of a few
 * microseconds is noise and needs no hash. An entry's address is stable,
 * so a request keeps a pointer to it until it completes.
 */
#include "clients.h"

#include <arpa/inet.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct client {
  atomic_uint count; /* 0: free; changed under the lock, read without */
  char name[CLIENTS_NAME_MAX];
};

struct clients {
  pthread_mutex_t lock;
  size_t n;
  struct client entry[];
};

struct clients *clients_new(size_t places) {
  if (places == 0)
    places = 1;
  struct clients *c = calloc(1, sizeof *c + places * sizeof c->entry[0]);
  if (c == NULL)
    return NULL;
  if (pthread_mutex_init(&c->lock, NULL) != 0) {
    free(c);
    return NULL;
  }
  c->n = places;
  for (size_t i = 0; i < places; i++)
    atomic_init(&c->entry[i].count, 0);
  return c;
}

void clients_free(struct clients *c) {
  if (c == NULL)
    return;
  pthread_mutex_destroy(&c->lock);
  free(c);
}

void clients_key(const char *name, char *key, size_t cap) {
  const char *via = strstr(name, " via ");
  size_t len = via != NULL ? (size_t)(via - name) : strlen(name);
  char addr[CLIENTS_NAME_MAX];
  if (len >= sizeof addr)
    len = sizeof addr - 1;
  memcpy(addr, name, len);
  addr[len] = '\0';
  struct in6_addr a6;
  char text[INET6_ADDRSTRLEN];
  if (memchr(addr, ':', len) != NULL && inet_pton(AF_INET6, addr, &a6) == 1) {
    /* An IPv4 client of a dual-stack socket is one address, not a /64. */
    if (IN6_IS_ADDR_V4MAPPED(&a6) &&
        inet_ntop(AF_INET, a6.s6_addr + 12, text, sizeof text) != NULL) {
      snprintf(key, cap, "%s", text);
      return;
    }
    memset(a6.s6_addr + 8, 0, 8);
    if (inet_ntop(AF_INET6, &a6, text, sizeof text) != NULL) {
      snprintf(key, cap, "%s/64", text);
      return;
    }
  }
  snprintf(key, cap, "%s", addr);
}

enum clients_status clients_enter(struct clients *c, const char *name,
                                  unsigned cap, struct client **who) {
  char key[CLIENTS_NAME_MAX];
  clients_key(name, key, sizeof key);
  name = key;
  pthread_mutex_lock(&c->lock);
  struct client *spare = NULL, *e = NULL;
  for (size_t i = 0; i < c->n && e == NULL; i++) {
    struct client *x = &c->entry[i];
    if (atomic_load(&x->count) == 0) {
      if (spare == NULL)
        spare = x;
    } else if (strcmp(x->name, name) == 0) {
      e = x;
    }
  }
  if (e == NULL && spare != NULL) {
    e = spare;
    strncpy(e->name, name, sizeof e->name - 1);
    e->name[sizeof e->name - 1] = '\0';
  }
  enum clients_status s = CLIENTS_OK;
  if (e == NULL)
    s = CLIENTS_FULL;
  else if (cap > 0 && atomic_load(&e->count) >= cap)
    s = CLIENTS_CAPPED;
  if (s == CLIENTS_OK) {
    atomic_fetch_add(&e->count, 1);
    *who = e;
  }
  pthread_mutex_unlock(&c->lock);
  return s;
}

void clients_leave(struct clients *c, struct client *who) {
  pthread_mutex_lock(&c->lock);
  atomic_fetch_sub(&who->count, 1);
  pthread_mutex_unlock(&c->lock);
}

const atomic_uint *clients_load(const struct client *who) {
  return &who->count;
}
