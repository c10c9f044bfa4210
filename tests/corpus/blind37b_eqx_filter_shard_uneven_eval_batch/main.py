import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np


class Classifier(eqx.Module):
  layers: list

  def __init__(self, key):
    k1, k2 = jr.split(key)
    self.layers = [eqx.nn.Linear(16, 32, key=k1), jax.nn.relu, eqx.nn.Linear(32, 3, key=k2)]

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


@eqx.filter_jit
def eval_step(model, x, y):
  logits = eqx.filter_vmap(model)(x)
  return jnp.mean(jnp.argmax(logits, -1) == y)


mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
model = Classifier(jr.PRNGKey(0))

dataset_x = jnp.ones((70, 16))
dataset_y = jnp.zeros((70,), jnp.int32)
eval_bs = 32
start = 64  # the last, partial batch
x = dataset_x[start:start + eval_bs]
y = dataset_y[start:start + eval_bs]
x, y = eqx.filter_shard((x, y), data_sharding)

params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x, y: eval_step(eqx.combine(p, static), x, y)).trace(
    params, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:30])
