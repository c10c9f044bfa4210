import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(jax.devices(), axis_names=("dp",))


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Sequential(nnx.Linear(12, 48, rngs=rngs), nnx.gelu, nnx.Linear(48, 1, rngs=rngs))

    def __call__(self, x):
        return self.body(x)


model = Regressor(nnx.Rngs(42))
optimizer = nnx.Optimizer(model, optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3)), wrt=nnx.Param)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")), out_specs=P())
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, "dp")
    optimizer.update(model, grads)  # identical update on every replica
    return jax.lax.pmean(loss, "dp")


s = NamedSharding(mesh, P("dp"))
x = jax.device_put(jnp.ones((64, 12)), s)
y = jax.device_put(jnp.ones((64, 1)), s)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
