import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Linear(64, 128, rngs=rngs)
        self.norm = nnx.LayerNorm(128, rngs=rngs)
        self.head = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.conv(x))))


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
with jax.set_mesh(mesh):
    model = Classifier(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    data = NamedSharding(mesh, P("data"))
    batch = {
        "image": jax.device_put(jnp.ones((64, 64)), data),
        "label": jax.device_put(jnp.zeros((64,), jnp.int32), data),
    }
    lowered = train_step.trace(model, optimizer, metrics, batch).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
