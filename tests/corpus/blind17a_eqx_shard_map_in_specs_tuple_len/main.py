import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))
mlp = eqx.nn.MLP(4, 2, 16, 2, key=jax.random.key(0))
params, static = eqx.partition(mlp, eqx.is_array)


def eval_loss(params, batch):
  model = eqx.combine(params, static)
  logits = jax.vmap(model)(batch["x"])
  loss = jnp.mean((logits - batch["y"]) ** 2)
  return jax.lax.pmean(loss, "dp")


sharded_eval = jax.shard_map(eval_loss, mesh=mesh, in_specs=(P(), P("dp"), P("dp")),
                             out_specs=P())
batch = {"x": jnp.ones((16, 4)), "y": jnp.ones((16, 2))}
jax.jit(eqx.filter_jit(sharded_eval)).trace(params, batch).lower(lowering_platforms=("cuda",))
