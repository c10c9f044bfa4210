"""Vision classifier with a tensor-parallel head (Flax NNX, JAX 0.8 Explicit mesh)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

NUM_CLASSES = 10
mesh = jax.make_mesh((1, 4), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))


def tp_init(names):
    return nnx.with_partitioning(nnx.initializers.xavier_uniform(), names)


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(784, 512, kernel_init=tp_init((None, "model")), rngs=rngs)
        self.fc2 = nnx.Linear(512, 512, kernel_init=tp_init(("model", None)), rngs=rngs)
        self.head = nnx.Linear(512, NUM_CLASSES, kernel_init=tp_init((None, "model")), rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.fc1(x))
        x = nnx.relu(self.fc2(x, out_sharding=P("data", None)))
        return self.head(x)


@nnx.jit
def train_step(model, optimizer, x, labels):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = Net(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.01, momentum=0.9), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((32, 784)), P("data", None))
    labels = jax.device_put(jnp.zeros((32,), jnp.int32), P("data"))
    train_step.trace(model, optimizer, x, labels).lower(lowering_platforms=("cuda",))
print("ok")
