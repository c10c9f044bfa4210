import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class CNNHead(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(64, 128, rngs=rngs)
        self.bn = nnx.BatchNorm(128, axis_name="data", rngs=rngs)
        self.linear2 = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.linear2(nnx.relu(self.bn(self.linear1(x))))


model = CNNHead(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
    def grads_and_loss(model, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        return jax.lax.pmean(grads, "data"), jax.lax.pmean(loss, "data")

    grads, loss = grads_and_loss(model, x, y)
    optimizer.update(model, grads)
    return loss


x = jnp.ones((32, 64))
y = jnp.zeros((32,), jnp.int32)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).lowered.as_text()[:20])
