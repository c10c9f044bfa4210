"""NNX data-parallel step written against Flax 0.12 docs (check_vma=), run with Flax 0.11 / JAX 0.6."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(12, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.l2 = nnx.Linear(24, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


model = Classifier(nnx.Rngs(0))
model.eval()
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")),
             out_specs=(P(), P()), check_vma=False)
    def local_grads(model, x, y):
        def loss_fn(model):
            return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        return jax.lax.pmean(loss, "data"), jax.lax.pmean(grads, "data")

    loss, grads = local_grads(model, x, y)
    optimizer.update(model, grads)
    return loss


sh = NamedSharding(mesh, P("data"))
x = jax.device_put(jnp.ones((16, 12)), sh)
y = jax.device_put(jnp.zeros((16,), jnp.int32), sh)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
