import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("fsdp",))
fsdp = lambda init: nnx.with_partitioning(init, ("fsdp", None))


class Block(nnx.Module):
    def __init__(self, d, rngs):
        self.up = nnx.Linear(d, 4 * d, kernel_init=fsdp(nnx.initializers.lecun_normal()),
                             use_bias=False, rngs=rngs)
        self.down = nnx.Linear(4 * d, d, kernel_init=fsdp(nnx.initializers.lecun_normal()),
                               use_bias=False, rngs=rngs)

    def __call__(self, x):
        return x + self.down(jax.nn.gelu(self.up(x)))


with jax.set_mesh(mesh):
    model = Block(64, nnx.Rngs(0))
graphdef, state = nnx.split(model)
state_shardings = nnx.get_named_sharding(state, mesh)
batch_sharding = NamedSharding(mesh, P("fsdp", None))


def apply(state, x):
    return nnx.merge(graphdef, state)(x)


fwd = jax.jit(apply, in_shardings=(state_shardings, batch_sharding), out_shardings=batch_sharding)
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((16, 64)), batch_sharding)
    print(fwd.trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
