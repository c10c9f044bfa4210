"""NNX CNN with BatchNorm(axis_name='batch') trained with nnx.jit on batch-sharded data.
Automatic partitioning binds no axis name, so the BatchNorm pmean has nothing to reduce over."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class CNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(1, 32, kernel_size=(3, 3), rngs=rngs)
        self.bn1 = nnx.BatchNorm(32, axis_name="batch", rngs=rngs)
        self.conv2 = nnx.Conv(32, 64, kernel_size=(3, 3), rngs=rngs)
        self.bn2 = nnx.BatchNorm(64, axis_name="batch", rngs=rngs)
        self.linear = nnx.Linear(64, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn1(self.conv1(x)))
        x = nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = nnx.relu(self.bn2(self.conv2(x)))
        x = x.mean(axis=(1, 2))
        return self.linear(x)


def loss_fn(model, batch):
    logits = model(batch["image"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
    return loss, logits


@nnx.jit
def train_step(model, optimizer, metrics, batch):
    grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(model, batch)
    metrics.update(loss=loss, logits=logits, labels=batch["label"])
    optimizer.update(model, grads)


model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)
metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

mesh = jax.make_mesh((4,), ("batch",))
data = NamedSharding(mesh, P("batch"))
batch = {
    "image": jax.device_put(jnp.ones((32, 28, 28, 1)), data),
    "label": jax.device_put(jnp.zeros((32,), jnp.int32), data),
}
lowered = train_step.trace(model, optimizer, metrics, batch).lower(lowering_platforms=("cuda",))
print("lowered")
