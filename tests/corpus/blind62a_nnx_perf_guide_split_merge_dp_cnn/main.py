from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from cnn import CNN

mesh = Mesh(np.array(jax.devices()), ('data',))
replicated = NamedSharding(mesh, P())
data_sharding = NamedSharding(mesh, P('data'))

model = CNN(rngs=nnx.Rngs(params=0, dropout=1))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, b1=0.9), wrt=nnx.Param)

# "Performance considerations": split once, run a plain jax.jit step on the state
graphdef, state = nnx.split((model, optimizer))


@partial(jax.jit, donate_argnums=(1,))
def jax_train_step(graphdef, state, images, labels):
  model, optimizer = nnx.merge(graphdef, state)
  model.train()

  def loss_fn(model):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss, nnx.state((model, optimizer))


model.eval()
eval_graphdef, params, batch_stats, rest = nnx.split(model, nnx.Param, nnx.BatchStat, ...)


@jax.jit
def eval_step(params, batch_stats, rest, images):
  model = nnx.merge(eval_graphdef, params, batch_stats, rest)
  return jnp.argmax(model(images), axis=-1)


state = jax.device_put(state, replicated)
images = jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32, sharding=data_sharding)
labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data_sharding)

jax_train_step.trace(graphdef, state, images, labels).lower(lowering_platforms=('tpu',))
eval_step.trace(params, batch_stats, rest, images).lower(lowering_platforms=('tpu',))
