import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))


def forward(model, xs):
  ys = jax.vmap(model)(xs)
  return jax.lax.psum(jnp.sum(ys), "dp")


sharded_forward = jax.shard_map(forward, mesh=mesh, in_specs=P("dp"), out_specs=P())
model = eqx.nn.Linear(12, 6, key=jax.random.key(0))
jax.jit(sharded_forward).trace(model, jnp.ones((16, 12))).lower(lowering_platforms=("cuda",))
