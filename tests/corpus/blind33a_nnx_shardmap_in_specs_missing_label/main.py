import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class CNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.linear = nnx.Linear(8 * 28 * 28, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.conv1(x))
        return self.linear(x.reshape(x.shape[0], -1))


mesh = jax.make_mesh((4,), ("data",))
model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)


def loss_fn(model, images, labels):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def train_step(model, optimizer, images, labels):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
    def grads_fn(model, images, labels):
        loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
        return jax.lax.pmean((loss, grads), "data")

    loss, grads = grads_fn(model, images, labels)
    optimizer.update(model, grads)
    return loss


d = NamedSharding(mesh, P("data"))
images = jax.device_put(jnp.ones((32, 28, 28, 1)), d)
labels = jax.device_put(jnp.zeros((32,), jnp.int32), d)
print(train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:20])
