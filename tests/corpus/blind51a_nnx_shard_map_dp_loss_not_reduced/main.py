import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import MLP

mesh = Mesh(np.array(jax.devices()), ('data',))

model = MLP(32, 128, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, axis_name='data')
  optimizer.update(model, grads)
  return loss


x = jnp.ones((64, 32), jnp.float32)
y = jnp.zeros((64,), jnp.int32)
print(train_step.trace(model, optimizer, x, y).lower(
    lowering_platforms=('cuda',)).as_text()[:40])
