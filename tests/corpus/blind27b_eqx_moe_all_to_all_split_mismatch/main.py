import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('expert',))
NUM_GROUPS = 8

keys = jax.random.split(jax.random.key(0), 4)
experts = eqx.filter_vmap(lambda k: eqx.nn.Linear(16, 16, key=k))(keys)
params, static = eqx.partition(experts, eqx.is_array)


def dispatch(params, tokens):
  expert = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
  groups = tokens.reshape(NUM_GROUPS, -1, 16)
  routed = jax.lax.all_to_all(groups, 'expert', split_axis=0, concat_axis=0)
  out = jax.vmap(jax.vmap(expert))(routed)
  return jax.lax.all_to_all(out, 'expert', split_axis=0, concat_axis=0).reshape(-1, 16)


moe = jax.jit(jax.shard_map(dispatch, mesh=mesh, in_specs=(P('expert'), P('expert')),
                            out_specs=P('expert')))
tokens = jax.device_put(jnp.ones((128, 16)), NamedSharding(mesh, P('expert')))
print(moe.trace(params, tokens).lower(lowering_platforms=('cuda',)).as_text()[:20])
