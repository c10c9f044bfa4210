import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

import lm


def eval_loss(params, static, tokens):
    model = eqx.combine(params, static)
    return lax.pmean(lm.token_loss(model, tokens), axis_name="batch")


def main():
    mesh = jax.make_mesh((4,), ("batch",))
    model = lm.TinyLM(vocab=512, dim=64, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_array)

    fn = jax.shard_map(lambda p, t: eval_loss(p, static, t), mesh=mesh,
                       in_specs=(P(), P("batch")), out_specs=P())
    fn = jax.jit(fn)
    tokens = jax.ShapeDtypeStruct((16, 33), jnp.int32)
    fn.trace(params, tokens).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
