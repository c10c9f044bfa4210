import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import MLP, loss_fn
from parallel import DATA_AXIS, allreduce_mean, make_data_mesh

mesh = make_data_mesh()

model = MLP(784, 256, 10, rngs=nnx.Rngs(0), axis_name=DATA_AXIS)
optimizer = nnx.Optimizer(model, optax.adamw(learning_rate=5e-3, b1=0.9), wrt=nnx.Param)

# Switched from shard_map to jit's automatic partitioning: shard the batch
# and let XLA insert the collectives.
data_sharding = NamedSharding(mesh, P(DATA_AXIS))


@nnx.jit
def train_step(model: MLP, optimizer: nnx.Optimizer, batch):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, batch)
  grads = allreduce_mean(grads)
  optimizer.update(model, grads)
  return loss


batch = {
    'image': jnp.zeros((64, 784), jnp.float32),
    'label': jnp.zeros((64,), jnp.int32),
}
batch = jax.device_put(batch, data_sharding)

if __name__ == "__main__":
  lowered = train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
