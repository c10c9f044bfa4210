import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def make_step(graphdef):
    def step(state, x, y):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        grads = jax.lax.pmean(grads, axis_name="data")
        optimizer.update(model, grads)
        _, new_state = nnx.split((model, optimizer))
        return new_state, jax.lax.pmean(loss, axis_name="data")
    return step


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
    model = MLP(16, 32, 10, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    step = make_step(graphdef)
    step = jax.shard_map(step, mesh=mesh,
                         in_specs=(P(), P("data"), P("data")),
                         out_specs=(P(), P()))
    x = jnp.ones((8, 16))
    y = jnp.zeros((8,), jnp.int32)
    lowered = jax.jit(step).trace(state, x, y).lower(lowering_platforms=("cuda",))
    print("lowered", len(lowered.as_text()) > 0)
