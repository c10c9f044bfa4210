import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import GraphMLP


def train_step_base(model, optimizer, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    loss, grads = jax.lax.pmean((loss, grads), "dp")
    optimizer.update(model, grads)
    return loss


def create_train_step(mesh):
    return nnx.shard_map(
        train_step_base,
        mesh=mesh,
        in_specs=(P(), P(), P("dp", None), P("dp")),
        out_specs=P(),
    )


mesh = jax.make_mesh((4,), ("dp",))
model = GraphMLP(16, 32, 5, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))
sharded_step = create_train_step(mesh)


def step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    loss = sharded_step(model, optimizer, x, y)
    return loss, nnx.state((model, optimizer))


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((64, 16)), P("dp", None))
    y = jax.device_put(jnp.zeros((64,), jnp.int32), P("dp"))
    lowered = jax.jit(step).trace(state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
