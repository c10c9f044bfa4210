import equinox as eqx
import jax
import jax.numpy as jnp
from jax import P

mesh = jax.make_mesh((4,), ('data',))
jax.set_mesh(mesh)

layer = eqx.nn.Linear(5, 5, key=jax.random.key(0))
params, static = eqx.partition(layer, eqx.is_array)


def local_forward(params, x):
  layer = eqx.combine(params, static)
  out = jax.vmap(layer)(x)
  return out, jax.lax.psum(jnp.sum(out), 'data')


forward = jax.jit(jax.shard_map(local_forward, in_specs=(P(), P('data')),
                                out_specs=(P('data'), P())))

x = jnp.ones((16, 5))
print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
