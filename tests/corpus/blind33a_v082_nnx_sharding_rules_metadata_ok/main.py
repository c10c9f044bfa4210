import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

RULES = (("batch", "fsdp"), ("embed", "fsdp"), ("heads", "tp"), ("kv", None))

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Auto, AxisType.Auto))


def sharded_init(init, names):
    return nnx.with_partitioning(init, names, sharding_rules=RULES)


class Attention(nnx.Module):
    def __init__(self, d, h, rngs):
        k = nnx.initializers.lecun_normal()
        self.qkv = nnx.LinearGeneral(d, (3, h, d // h), axis=-1, rngs=rngs,
                                     kernel_init=sharded_init(k, ("embed", None, "heads", "kv")))
        self.o = nnx.LinearGeneral((h, d // h), d, axis=(-2, -1), rngs=rngs,
                                   kernel_init=sharded_init(k, ("heads", "kv", "embed")))

    def __call__(self, x):
        q, k, v = jnp.moveaxis(self.qkv(x), -3, 0)
        w = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]), -1)
        return self.o(jnp.einsum("bhqk,bkhd->bqhd", w, v))


with jax.set_mesh(mesh):
    attn = Attention(64, 4, nnx.Rngs(0))
    specs = nnx.get_partition_spec(nnx.state(attn))

    @nnx.jit
    def fwd(attn, x):
        return attn(x)

    x = jax.device_put(jnp.ones((4, 16, 64)), NamedSharding(mesh, P("fsdp")))
    print(fwd.trace(attn, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
