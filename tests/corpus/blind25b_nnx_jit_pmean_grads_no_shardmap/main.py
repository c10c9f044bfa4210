import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding


class CNNHead(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.dense1 = nnx.Linear(64, 128, rngs=rngs)
        self.bn = nnx.BatchNorm(128, rngs=rngs)
        self.dense2 = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.dense2(nnx.relu(self.bn(self.dense1(x))))


def loss_fn(model, batch):
    logits = model(batch["image"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
    return loss, logits


@nnx.jit
def train_step(model, optimizer, metrics, batch):
    grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(model, batch)
    # average gradients across data-parallel replicas
    grads = jax.lax.pmean(grads, axis_name="data")
    metrics.update(loss=loss, logits=logits, labels=batch["label"])
    optimizer.update(model, grads)


mesh = jax.make_mesh((4,), ("data",))
model = CNNHead(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)
metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
data_sharding = NamedSharding(mesh, P("data"))
batch = {
    "image": jax.device_put(jnp.ones((32, 64)), data_sharding),
    "label": jax.device_put(jnp.zeros((32,), jnp.int32), data_sharding),
}
lowered = jax.jit(train_step).trace(model, optimizer, metrics, batch).lower(lowering_platforms=("cuda",))
print("ok")
