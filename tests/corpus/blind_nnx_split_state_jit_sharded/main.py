"""The functional NNX style: nnx.split the model, pass graphdef by closure and state as an
argument to a jitted gradient with a sharded batch, nnx.merge inside, pmean the loss."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ("dp",))


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.a = nnx.Linear(16, 32, rngs=rngs)
        self.b = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.tanh(self.a(x)))


graphdef, state = nnx.split(MLP(nnx.Rngs(0)))


def local_loss(state, x, y):
    model = nnx.merge(graphdef, state)
    return jax.lax.pmean(jnp.mean((model(x) - y) ** 2), "dp")


rep, batch = jax.NamedSharding(mesh, P()), jax.NamedSharding(mesh, P("dp"))
grad_fn = jax.jit(jax.grad(local_loss), in_shardings=(rep, batch, batch))
grad_fn.trace(state, jnp.ones((32, 16)), jnp.ones((32, 1))).lower(lowering_platforms=("cuda",))
