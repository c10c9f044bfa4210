import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from decoder import Decoder, DecoderConfig, greedy_generate


def main():
    cfg = DecoderConfig()
    mesh = jax.make_mesh((4,), (cfg.batch_axis,))
    with jax.set_mesh(mesh):
        model = Decoder(cfg, rngs=nnx.Rngs(0))
        model.init_cache(batch_size=8)
        prompt = jax.device_put(jnp.ones((8,), jnp.int32), P(cfg.batch_axis))
        lowered = greedy_generate.trace(model, prompt, steps=8).lower(lowering_platforms=("tpu",))
    return lowered


if __name__ == "__main__":
    main()
