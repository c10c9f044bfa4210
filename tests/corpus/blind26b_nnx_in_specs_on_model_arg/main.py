import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


class Classifier(nnx.Module):

  def __init__(self, rngs):
    self.fc1 = nnx.Linear(6, 32, rngs=rngs)
    self.fc2 = nnx.Linear(32, 3, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.tanh(self.fc1(x)))


def compute_loss(model, batch):
  logits = model(batch['features'])
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()


@nnx.jit
def eval_step(model, batch):
  sharded = nnx.shard_map(compute_loss, mesh=mesh,
                          in_specs=(P('data'), P()), out_specs=P())
  return sharded(model, batch)


model = Classifier(nnx.Rngs(42))
batch = {'features': jnp.ones((32, 6)), 'label': jnp.zeros((32,), jnp.int32)}
eval_step.trace(model, batch).lower(lowering_platforms=('cuda',))
print('lowered')
