import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P
from flax import nnx


class CNNHead(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(64, 128, rngs=rngs)
        self.l2 = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


mesh = jax.make_mesh((4,), ("data",))


def train_step(graphdef, state, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    model = nnx.merge(graphdef, state)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, "data")
    new_state = jax.tree.map(lambda p, g: p - 0.1 * g, state, grads)
    return new_state, jax.lax.pmean(loss, "data")


if __name__ == "__main__":
    model = CNNHead(nnx.Rngs(0))
    graphdef, state = nnx.split(model, nnx.Param)
    x = jnp.ones((16, 64))
    y = jnp.zeros((16,), jnp.int32)
    step = jax.jit(jax.shard_map(lambda s, x, y: train_step(graphdef, s, x, y), mesh=mesh,
                                 in_specs=(P(), P("data"), P("data")),
                                 out_specs=(P(), P())))
    print(step.trace(state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
