import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class SwitchFFN(eqx.Module):
  gate: eqx.nn.Linear
  w1: jax.Array
  w2: jax.Array
  axis_name: str = eqx.field(static=True, default='ep')

  def route(self, x):
    probs = jax.nn.softmax(jax.vmap(self.gate)(x))
    top = jax.nn.one_hot(jnp.argmax(probs, -1), probs.shape[-1])
    return top * probs

  @eqx.filter_checkpoint
  def __call__(self, x):
    combine = self.route(x)                                   # [t, E]
    buckets = jnp.einsum('te,td->etd', combine, x)            # [E, t, d]
    buckets = jax.lax.all_to_all(buckets, self.axis_name, 0, 0, tiled=True)
    h = jax.nn.relu(jnp.einsum('etd,edf->etf', buckets, self.w1))
    y = jnp.einsum('etf,efd->etd', h, self.w2)
    y = jax.lax.all_to_all(y, self.axis_name, 0, 0, tiled=True)
    return y.sum(0)


def make(key, d=8, f=16, e=4):
  k = jax.random.split(key, 3)
  return SwitchFFN(eqx.nn.Linear(d, e, key=k[0]),
                   jax.random.normal(k[1], (e, d, f)) * 0.1,
                   jax.random.normal(k[2], (e, f, d)) * 0.1)


mesh = jax.make_mesh((4,), ('expert',))
layer = make(jax.random.key(0))
params, static = eqx.partition(layer, eqx.is_array)
pspec = jax.tree.map(lambda a: P('expert') if a.ndim == 3 else P(), params)


@jax.jit
def forward(params, x):
  f = jax.shard_map(lambda p, x: eqx.combine(p, static)(x), mesh=mesh,
                    in_specs=(pspec, P('expert')), out_specs=P('expert'))
  return f(params, x)


forward.trace(params, jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))
print('ok')
