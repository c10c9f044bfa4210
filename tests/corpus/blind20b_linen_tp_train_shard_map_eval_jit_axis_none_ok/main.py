import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Encoder
from sharding import tp_specs

L, D, FF, TP = 3, 128, 512, 2
mesh = Mesh(np.array(jax.devices()).reshape(2, TP), ("data", "model"))

full = Encoder(L, D, FF)
params = full.init(jax.random.PRNGKey(0), jnp.ones((1, D)))["params"]
specs = tp_specs(params, "model")
shard = Encoder(L, D, FF // TP)


def train_step(params, x, y):
  def loss_fn(p):
    return jnp.mean((shard.apply({"params": p}, x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, "data")
  new = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
  return new, jax.lax.pmean(loss, "data")


train = jax.jit(jax.shard_map(train_step, mesh=mesh,
                              in_specs=(specs, P("data"), P("data")),
                              out_specs=(specs, P())))

# evaluation: the whole model on the sharded params, let XLA partition it
serve_model = Encoder(L, D, FF, tp_axis=None)
param_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)


@jax.jit
def predict(params, x):
  return serve_model.apply({"params": params}, x)


x, y = jnp.ones((32, D)), jnp.ones((32, 1))
train.trace(params, x, y).lower(lowering_platforms=("cuda",))
predict.trace(jax.device_put(params, param_shardings), x).lower(lowering_platforms=("cuda",))
