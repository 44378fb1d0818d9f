import { useEffect } from "react";

/**
 * Broken item and dino images are hidden (the server-rendered table's pictures, once the page runs JavaScript); a
 * dino's generated icon, written after its image, then shows in its place (app/styles/breeder.css).
 */
export function useHideBrokenImages(dependency: unknown) {
  useEffect(() => {
    const hide = (img: HTMLImageElement) => {
      img.hidden = true;
    };
    const images = [...document.querySelectorAll<HTMLImageElement>("img.stock-thumb, .stock-table img.dino-icon")];
    for (const img of images) {
      if (img.complete && img.naturalWidth === 0) hide(img);
      else img.addEventListener("error", () => hide(img), { once: true });
    }
  }, [dependency]);
}
