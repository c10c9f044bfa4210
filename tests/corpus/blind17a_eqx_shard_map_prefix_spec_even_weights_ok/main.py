import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("ep",))
experts = eqx.filter_vmap(lambda k: eqx.nn.Linear(16, 16, key=k))(jax.random.split(jax.random.key(0), 4))


def expert_ffn(experts, groups):
  mine = jax.tree.map(lambda a: a[0], experts)
  out = jax.vmap(mine)(groups[0])
  return out[None]


apply_experts = jax.jit(jax.shard_map(expert_ffn, mesh=mesh, in_specs=P("ep"), out_specs=P("ep")))
apply_experts.trace(experts, jnp.ones((4, 32, 16))).lower(lowering_platforms=("cuda",))
