import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Net(nnx.Module):
    def __init__(self, rngs):
        self.a = nnx.Linear(64, 64, rngs=rngs)
        self.b = nnx.Linear(64, 10, rngs=rngs)  # 10-way classifier head

    def __call__(self, x):
        return self.b(nnx.gelu(self.a(x)))


mesh = jax.make_mesh((4,), ("fsdp",))
model = Net(nnx.Rngs(0))
graphdef, _ = nnx.split(model)
params = nnx.state(model, nnx.Param)
param_specs = jax.tree.map(lambda _: P("fsdp"), params)
params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs))
nnx.update(model, params)


def gather(p):
    return jax.lax.all_gather(p, "fsdp", axis=0, tiled=True)


def fsdp_sgd(params, x, y):
    def loss_fn(params):
        full = jax.tree.map(gather, params)
        m = nnx.merge(graphdef, full)
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.tree.map(lambda g: g / jax.lax.psum(1, "fsdp"), grads)
    new = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
    return new, jax.lax.pmean(loss, "fsdp")


fsdp_sgd = jax.shard_map(
    fsdp_sgd, mesh=mesh, in_specs=(param_specs, P("fsdp"), P("fsdp")), out_specs=(param_specs, P())
)


@nnx.jit
def train_step(model, x, y):
    new_params, loss = fsdp_sgd(nnx.state(model, nnx.Param), x, y)
    nnx.update(model, new_params)
    return loss


data = NamedSharding(mesh, P("fsdp"))
x = jax.device_put(jnp.ones((32, 64)), data)
y = jax.device_put(jnp.ones((32, 10)), data)
print(train_step.trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
