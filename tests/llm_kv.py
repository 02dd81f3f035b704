"""The KV cache of one sequence as the model's attention design keeps it
(gen/model/llm.c, issue 45), for the suites that recompute the LLM tables
from llm_models.csv: every full-attention layer caches every token, a
sliding-window layer at most sliding_window of them; each layer caches
2 x kv_heads x head_dim elements a token, or kv_latent_dim (latent
attention).  m is a row of llm_models.csv (strings)."""


def kv_bytes(m, tokens, element_bytes):
    elements = int(m.get("kv_latent_dim") or 0) or 2 * int(m["kv_heads"]) * int(m["head_dim"])
    sliding, window = int(m.get("sliding_layers") or 0), float(m.get("sliding_window") or 0)
    cached = (int(m["layers"]) - sliding) * tokens + sliding * min(tokens, window)
    return elements * cached * element_bytes
