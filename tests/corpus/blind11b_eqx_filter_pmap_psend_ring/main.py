import equinox as eqx
import jax
import jax.numpy as jnp

N = 4
AXIS = 'dev'
SHIFT = [(i, (i + 1) % N) for i in range(N)]


class RingBlock(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(16, 16, 32, 1, key=key)

  def __call__(self, x):
    h = jax.vmap(self.mlp)(x)
    tok = jax.lax.psend(h, AXIS, SHIFT)
    prev = jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), AXIS, SHIFT)
    return h + prev


def main():
  keys = jnp.stack([jax.random.key_data(jax.random.key(0))] * N)
  blocks = eqx.filter_vmap(lambda k: RingBlock(jax.random.wrap_key_data(k)))(keys)
  run = eqx.filter_pmap(lambda b, x: b(x), axis_name=AXIS)
  x = jnp.ones((N, 8, 16))
  params, static = eqx.partition(blocks, eqx.is_array)
  f = jax.jit(lambda p, x: run(eqx.combine(p, static), x))
  f.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
