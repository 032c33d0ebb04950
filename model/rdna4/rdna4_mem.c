/* rdna4_mem.c - the RDNA4 model's data memory: sparse, byte-addressed, 48-bit
 * addresses (guide Table 4: the PC and V# base are 48 bits).  Pages of 4 KiB
 * in an open-addressing hash table; unwritten bytes read as zero. */
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"

#define PAGE_BITS 12
#define PAGE_SIZE (1u << PAGE_BITS)
#define ADDR_LIMIT (1ull << 48)

int rdna4_mem_init(rdna4_mem *m)
{
    m->cap = 64;
    m->used = 0;
    m->last_key = 0;
    m->last_page = NULL;
    m->keys = calloc(m->cap, sizeof *m->keys);
    m->pages = calloc(m->cap, sizeof *m->pages);
    if (!m->keys || !m->pages) {
        free(m->keys);
        free(m->pages);
        m->keys = NULL;
        m->pages = NULL;
        return GPUREF_ERR_NOMEM;
    }
    return GPUREF_OK;
}

void rdna4_mem_clear(rdna4_mem *m)
{
    for (size_t i = 0; i < m->cap; i++) {
        free(m->pages[i]);
        m->pages[i] = NULL;
        m->keys[i] = 0;
    }
    m->used = 0;
    m->last_key = 0;
    m->last_page = NULL;
}

void rdna4_mem_fini(rdna4_mem *m)
{
    if (!m->keys)
        return;
    rdna4_mem_clear(m);
    free(m->keys);
    free(m->pages);
    m->keys = NULL;
    m->pages = NULL;
}

static size_t slot_of(const rdna4_mem *m, uint64_t key)
{
    uint64_t h = key * 0x9e3779b97f4a7c15ull;
    size_t i = (size_t)(h >> 20) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int grow(rdna4_mem *m)
{
    size_t ncap = m->cap * 2;
    uint64_t *nk = calloc(ncap, sizeof *nk);
    uint8_t **np = calloc(ncap, sizeof *np);
    if (!nk || !np) {
        free(nk);
        free(np);
        return GPUREF_ERR_NOMEM;
    }
    rdna4_mem old = *m;
    m->keys = nk;
    m->pages = np;
    m->cap = ncap;
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) {
            size_t j = slot_of(m, old.keys[i]);
            m->keys[j] = old.keys[i];
            m->pages[j] = old.pages[i];
        }
    free(old.keys);
    free(old.pages);
    return GPUREF_OK;
}

static uint8_t *page(rdna4_mem *m, uint64_t addr, int create)
{
    uint64_t key = (addr >> PAGE_BITS) + 1;
    if (key == m->last_key)
        return m->last_page;
    size_t i = slot_of(m, key);
    if (m->keys[i]) {
        m->last_key = key;
        m->last_page = m->pages[i];
        return m->pages[i];
    }
    if (!create)
        return NULL;
    if ((m->used + 1) * 4 > m->cap * 3) {
        if (grow(m))
            return NULL;
        i = slot_of(m, key);
    }
    uint8_t *p = calloc(1, PAGE_SIZE);
    if (!p)
        return NULL;
    m->keys[i] = key;
    m->pages[i] = p;
    m->used++;
    m->last_key = key;
    m->last_page = p;
    return p;
}

uint8_t *rdna4_mem_page(rdna4_mem *m, uint64_t addr, int create)
{
    return addr < ADDR_LIMIT ? page(m, addr, create) : NULL;
}

int rdna4_mem_read(rdna4_mem *m, uint64_t addr, void *buf, size_t len)
{
    uint8_t *out = buf;
    if (addr >= ADDR_LIMIT || len > ADDR_LIMIT - addr)
        return GPUREF_ERR_RANGE;
    while (len) {
        size_t off = (size_t)(addr & (PAGE_SIZE - 1)), n = PAGE_SIZE - off;
        if (n > len)
            n = len;
        const uint8_t *p = page(m, addr, 0);
        if (p)
            memcpy(out, p + off, n);
        else
            memset(out, 0, n);
        out += n;
        addr += n;
        len -= n;
    }
    return GPUREF_OK;
}

int rdna4_mem_write(rdna4_mem *m, uint64_t addr, const void *buf, size_t len)
{
    const uint8_t *in = buf;
    if (addr >= ADDR_LIMIT || len > ADDR_LIMIT - addr)
        return GPUREF_ERR_RANGE;
    while (len) {
        size_t off = (size_t)(addr & (PAGE_SIZE - 1)), n = PAGE_SIZE - off;
        if (n > len)
            n = len;
        uint8_t *p = page(m, addr, 1);
        if (!p)
            return GPUREF_ERR_NOMEM;
        memcpy(p + off, in, n);
        in += n;
        addr += n;
        len -= n;
    }
    return GPUREF_OK;
}

/* The first populated page at or after `from` (for dumping the memory). */
int rdna4_mem_next(const rdna4_mem *m, uint64_t from, uint64_t *addr, uint64_t *len)
{
    uint64_t want = (from >> PAGE_BITS) + 1, best = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] >= want && (best == 0 || m->keys[i] < best))
            best = m->keys[i];
    if (!best)
        return 0;
    uint64_t start = (best - 1) << PAGE_BITS;
    *addr = start > from ? start : from;
    *len = start + PAGE_SIZE - *addr;
    return 1;
}
