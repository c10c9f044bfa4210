import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from lib import Classifier

mesh = Mesh(np.array(jax.devices()), ('data',))
model = Classifier(mesh, 32, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  def grads_fn(model, x, y):
    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')
  loss, grads = grads_fn(model, x, y)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((32, 32))
y = jnp.zeros((32,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
