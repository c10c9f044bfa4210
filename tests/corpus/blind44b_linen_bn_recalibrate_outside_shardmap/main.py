import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import CNN

mesh = Mesh(np.array(jax.devices()), ("batch",))
model = CNN()


def train_step(params, batch_stats, images, labels):
  def loss_fn(params):
    logits, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, images, train=True,
        mutable=["batch_stats"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates["batch_stats"]

  (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  grads = jax.lax.pmean(grads, "batch")
  params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
  return params, new_stats, jax.lax.pmean(loss, "batch")


p_train_step = jax.jit(jax.shard_map(
    train_step, mesh=mesh,
    in_specs=(P(), P(), P("batch"), P("batch")),
    out_specs=(P(), P(), P())))

init_fn = jax.jit(functools.partial(model.init, train=True))
sample = jnp.ones((8, 16, 16, 3))
print(init_fn.trace(jax.random.key(0), sample).lower(lowering_platforms=("cuda",)).as_text()[:40])
variables = jax.eval_shape(init_fn, jax.random.key(0), sample)

images = jax.device_put(jnp.ones((32, 16, 16, 3)), NamedSharding(mesh, P("batch")))
labels = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("batch")))
print(p_train_step.trace(variables["params"], variables["batch_stats"], images, labels)
      .lower(lowering_platforms=("cuda",)).as_text()[:40])


@jax.jit
def recalibrate_bn(variables, images):
  """Re-estimate running statistics on held-out data after training."""
  _, updates = model.apply(variables, images, train=True, mutable=["batch_stats"])
  return {**variables, "batch_stats": updates["batch_stats"]}


print(recalibrate_bn.trace(variables, images).lower(lowering_platforms=("cuda",)).as_text()[:40])
