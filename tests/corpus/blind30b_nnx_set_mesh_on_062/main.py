"""NNX training step in the newer style (mesh context via jax.set_mesh, jax.shard_map taking its
mesh from the context), pinned in requirements to an older JAX/Flax pair."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class Model(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


mesh = jax.make_mesh((4,), ('data',))
model = Model(nnx.Rngs(0))
graphdef, params = nnx.split(model)
tx = optax.sgd(1e-2)
opt_state = tx.init(params)


def step(params, opt_state, x, y):
    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, 'data')
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, 'data')


with jax.set_mesh(mesh):
    train_step = jax.jit(jax.shard_map(step, in_specs=(P(), P(), P('data'), P('data')),
                                       out_specs=(P(), P(), P())))
    lowered = train_step.trace(params, opt_state, jnp.ones((16, 8)), jnp.ones((16, 1))).lower(
        lowering_platforms=('cuda',))
print('lowered')
