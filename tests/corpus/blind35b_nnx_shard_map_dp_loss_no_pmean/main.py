import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(784, 128, rngs=rngs)
        self.fc2 = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, opt, x, y):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
    def grads_fn(model, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        grads = jax.lax.pmean(grads, "data")
        return loss, grads

    loss, grads = grads_fn(model, x, y)
    opt.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = Classifier(nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((32, 784)), P("data"))
    y = jax.device_put(jnp.zeros((32,), jnp.int32), P("data"))
    print(train_step.trace(model, opt, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
