"""A MaxText-shaped Linen decoder: the layer is rematerialised by policy name and scanned over
its depth; each layer's MLP is tensor-parallel and all-reduced over the config's tensor axis."""
import jax
import jax.numpy as jnp
from flax import linen as nn

from .config import Config


class DecoderLayer(nn.Module):
    config: Config

    @nn.compact
    def __call__(self, inputs, deterministic):
        cfg = self.config
        x = nn.LayerNorm(name="pre_mlp_norm")(inputs)
        h = nn.Dense(cfg.mlp_dim // 2, use_bias=False, name="wi")(x)
        h = nn.Dropout(rate=0.1)(jax.nn.gelu(h), deterministic=deterministic)
        out = nn.Dense(cfg.emb_dim, use_bias=False, name="wo")(h)
        out = jax.lax.psum(out, cfg.tensor_axis)
        return inputs + out, None


class Decoder(nn.Module):
    config: Config

    def get_remat_policy(self):
        if self.config.remat_policy == "full":
            return jax.checkpoint_policies.nothing_saveable
        if self.config.remat_policy == "minimal":
            return jax.checkpoint_policies.checkpoint_dots
        return None

    def setup(self):
        cfg = self.config
        layer_cls = nn.remat(DecoderLayer, prevent_cse=not cfg.scan_layers, policy=self.get_remat_policy(),
                             static_argnums=(2,))
        if cfg.scan_layers:
            self.layers = nn.scan(layer_cls, variable_axes={"params": 0}, split_rngs={"params": True},
                                  in_axes=(nn.broadcast,), length=cfg.num_decoder_layers)(cfg, name="layers")
        else:
            self.layers = [layer_cls(cfg, name=f"layers_{i}") for i in range(cfg.num_decoder_layers)]

    def __call__(self, x, deterministic=True):
        if self.config.scan_layers:
            x, _ = self.layers(x, deterministic)
        else:
            for layer in self.layers:
                x, _ = layer(x, deterministic)
        return x
