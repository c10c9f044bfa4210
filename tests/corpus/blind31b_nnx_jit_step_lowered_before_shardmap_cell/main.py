# Exported from notebook: nnx_mnist_dp.ipynb
# %%
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))

# %%
class CNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.linear = nnx.Linear(8 * 28 * 28, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.conv(x))
        return self.linear(x.reshape(x.shape[0], -1))

model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

# %%
def loss_fn(model, images, labels):
    logits = model(images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return jax.lax.pmean(loss, "data")  # average over data shards

@nnx.jit
def train_step(model, optimizer, images, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
    optimizer.update(model, grads)
    return loss

# %%
images = jnp.ones((16, 28, 28, 1))
labels = jnp.zeros((16,), jnp.int32)
print(train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:60])

# %%
# TODO next: wrap the step in nnx.shard_map over mesh
