"""Greedy decode loop over a sharded KV-free toy LM."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)

VOCAB, D, STEPS = 512, 64, 16


def next_token_logits(params, tok):
    h = params["embed"][tok]
    h = jax.nn.gelu(h @ params["w"])
    h = lax.with_sharding_constraint(h, NamedSharding(mesh, P("data", "model")))
    return h @ params["embed"].T


def decode(params, prompt_last):
    def body(i, carry):
        tok, score = carry
        logits = next_token_logits(params, tok)
        logp = jax.nn.log_softmax(logits)
        nxt = jnp.argmax(logp, axis=-1)
        return nxt, score + jnp.max(logp, axis=-1)

    init = (prompt_last, jnp.zeros(prompt_last.shape, jnp.int32))
    return lax.fori_loop(0, STEPS, body, init)


decode_jit = jax.jit(decode, in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P("data"))))

if __name__ == "__main__":
    params = {"embed": jax.ShapeDtypeStruct((VOCAB, D), jnp.float32),
              "w": jax.ShapeDtypeStruct((D, D), jnp.float32)}
    prompt_last = jax.ShapeDtypeStruct((8,), jnp.int32)
    decode_jit.trace(params, prompt_last).lower(lowering_platforms=("tpu",))
