import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class Embed(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.table = nnx.Param(
            nnx.initializers.normal(0.02)(rngs.params(), (vocab, dim)))

    def attend(self, x):
        # logits = x @ table.T, kept sharded over the batch
        return jnp.einsum("bd,vd->bv", x, self.table[...], out_sharding=P("fsdp", None))


mesh = jax.make_mesh((4,), ("fsdp",))

with jax.set_mesh(mesh):
    emb = Embed(512, 64, nnx.Rngs(0))

    @nnx.jit
    def logits_fn(emb, x):
        return emb.attend(x)

    x = jax.device_put(jnp.ones((8, 64)), P("fsdp", None))
    print(logits_fn.trace(emb, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
