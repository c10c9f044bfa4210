import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

import parallel


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(16, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


mesh = parallel.mu.make_data_mesh()
model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    # ported from the pmap version of this step: the mean over replicas stayed
    grads = parallel.all_reduce_mean(grads, parallel.mu.DATA)
    optimizer.update(model, grads)
    return loss


x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((8, 1)), NamedSharding(mesh, P("data")))
lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
