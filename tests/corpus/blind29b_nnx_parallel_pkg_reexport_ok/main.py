import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

import parallel


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(16, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


mesh = parallel.mu.make_data_mesh()
model = MLP(nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
opt = optax.sgd(1e-2)
opt_state = opt.init(params)


def local_step(params, opt_state, x, y):
    def loss_fn(p):
        m = nnx.merge(graphdef, p)
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = parallel.all_reduce_mean(grads, parallel.mu.DATA)
    loss = parallel.all_reduce_mean(loss, parallel.mu.DATA)
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


step = parallel.sharded(local_step, mesh,
                        in_specs=(P(), P(), P(parallel.mu.DATA), P(parallel.mu.DATA)),
                        out_specs=(P(), P(), P()))

with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 16)), P("data"))
    y = jax.device_put(jnp.ones((8, 1)), P("data"))
    lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(step.__name__, "lowered", len(lowered.as_text()) > 0)
