import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

N = 4


class Member(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    self.lin = nnx.Linear(8, 8, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)


def ring_sum(y, axis_name, n):
  perm = [(i, (i + 1) % n) for i in range(n)]
  acc = y
  buf = y
  for _ in range(n - 1):
    tok = lax.psend(buf, axis_name, perm)
    buf = lax.precv(tok, jax.ShapeDtypeStruct(buf.shape, buf.dtype), axis_name, perm)
    acc = acc + buf
  return acc


@nnx.split_rngs(splits=N)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs):
  return Member(rngs)


@nnx.jit
def ensemble_mean(ensemble, x):
  @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='member')
  def fwd(member, x):
    return ring_sum(member(x), 'member', N) / N
  return fwd(ensemble, x)


def main():
  ensemble = create_ensemble(nnx.Rngs(0))
  x = jnp.ones((2, 8))
  ensemble_mean.trace(ensemble, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
