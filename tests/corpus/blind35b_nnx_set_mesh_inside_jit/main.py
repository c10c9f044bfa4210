import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))


class MLP(nnx.Module):
    def __init__(self, din, dh, dout, rngs):
        self.l1 = nnx.Linear(din, dh, rngs=rngs)
        self.l2 = nnx.Linear(dh, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    with jax.set_mesh(mesh):
        x = jax.sharding.reshard(x, P("data", None))

        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
    return loss


model = MLP(16, 32, 4, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
x, y = jnp.ones((8, 16)), jnp.ones((8, 4))
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
