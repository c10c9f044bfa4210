"""Ring helpers; only valid inside a shard_map body over AXIS."""
from jax import lax

AXIS = 'ring'


def ring_perm(n, direction=1):
  return [(i, (i + direction) % n) for i in range(n)]


def send_right(x, n):
  return lax.ppermute(x, AXIS, ring_perm(n, 1))


def send_left(x, n):
  return lax.ppermute(x, AXIS, ring_perm(n, -1))


def ring_reduce(x, n):
  acc, buf = x, x
  for _ in range(n - 1):
    buf = send_right(buf, n)
    acc = acc + buf
  return acc
